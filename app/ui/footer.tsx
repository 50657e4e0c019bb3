import { AppLink } from "~/ui/app-link";
import { useTranslation } from "~/ui/use-translation";

/** The footer links, in order: the nine pages, then every language (the top bar shows a few). */
const FOOTER_LINKS = [
  { label: "footer.terms", to: "/pages/terms" },
  { label: "footer.privacy", to: "/pages/privacy" },
  { label: "footer.cookies", to: "/pages/cookies" },
  { label: "footer.ban", to: "/pages/ban" },
  { label: "footer.pricing", to: "/pricing" },
  { label: "footer.complaints", to: "/complaints" },
  { label: "footer.returnPolicy", to: "/pages/return-policy" },
  { label: "footer.faq", to: "/pages/faq" },
  { label: "footer.support", to: "/pages/service" },
  { label: "language.title", to: "/lang-config" },
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
        <li key={link.to} className="list-inline-item">
          <AppLink to={link.to} className="link-secondary">
            {t(link.label)}
          </AppLink>
        </li>
      ))}
    </ul>
  );
  // The adults-only notice and the fictional profiles' disclaimer stay in every variant.
  const disclaimer = (
    <p
      className={`text-body-secondary ${variant === "app" ? "small mb-0" : "mb-1"}`}
      data-testid="disclaimer"
    >
      {t("footer.disclaimer", { minAge })}
      {fictionalPlural ? " " + t("footer.fictional", { fictionalPlural }) : null}
    </p>
  );
  if (variant === "app") {
    return (
      <footer className="site-footer border-top py-2 bg-light text-center" data-variant="app">
        <div className="container">
          {links}
          {disclaimer}
        </div>
      </footer>
    );
  }
  return (
    <footer className="site-footer border-top py-4 mt-4 bg-light" data-variant={variant}>
      <div className="container">
        {links}
        {disclaimer}
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
