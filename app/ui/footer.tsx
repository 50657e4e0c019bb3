import { AppLink } from "~/ui/app-link";
import { useTranslation } from "~/ui/use-translation";

/** The nine footer links, in order. */
const FOOTER_LINKS = [
  { key: "terms", to: "/pages/terms" },
  { key: "privacy", to: "/pages/privacy" },
  { key: "cookies", to: "/pages/cookies" },
  { key: "ban", to: "/pages/ban" },
  { key: "pricing", to: "/pricing" },
  { key: "complaints", to: "/complaints" },
  { key: "returnPolicy", to: "/pages/return-policy" },
  { key: "faq", to: "/pages/faq" },
  { key: "support", to: "/pages/service" },
] as const;

export type FooterVariant = "public" | "member" | "app";

export interface FooterProps {
  variant: FooterVariant;
  siteName: string;
  companyName: string;
  minAge: number;
  fictionalPlural: string | null;
  /** English visitors from the US get the US compliance footer. */
  usFooter: boolean;
}

export function Footer({ variant, siteName, companyName, minAge, fictionalPlural, usFooter }: FooterProps) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const links = (
    <ul className="list-inline mb-2">
      {FOOTER_LINKS.map((link) => (
        <li key={link.key} className="list-inline-item">
          <AppLink to={link.to} className="link-secondary">
            {t(`footer.${link.key}`)}
          </AppLink>
        </li>
      ))}
    </ul>
  );
  if (variant === "app") {
    return (
      <footer className="site-footer border-top py-2 bg-light text-center" data-variant="app">
        <div className="container">{links}</div>
      </footer>
    );
  }
  return (
    <footer className="site-footer border-top py-4 mt-4 bg-light" data-variant={variant}>
      <div className="container">
        {links}
        <p className="text-body-secondary mb-1" data-testid="disclaimer">
          {t("footer.disclaimer", { minAge })}
          {fictionalPlural ? " " + t("footer.fictional", { fictionalPlural }) : null}
        </p>
        {variant === "public" && (
          <p className="text-body-secondary mb-1">{t("footer.about", { siteName })}</p>
        )}
        {usFooter && (
          <p className="text-body-secondary mb-1" data-testid="us-footer">
            {t("footer.us2257")}
          </p>
        )}
        <p className="text-body-secondary mb-0">
          © {year} {companyName}
        </p>
      </div>
    </footer>
  );
}
