import { Form, useLocation } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import type { Locale } from "~/lib/i18n";

/** Shown only when more than one locale is offered; a plain POST form, so it works without JavaScript. */
export function LanguageDropdown({ locales, current }: { locales: Locale[]; current: Locale }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (locales.length < 2) return null;
  return (
    <details className="dropdown" data-testid="language-dropdown">
      <summary className="btn btn-sm btn-outline-secondary" aria-label={t("language.choose")}>
        {current.toUpperCase()}
      </summary>
      <Form method="post" action="/lang-config" reloadDocument className="dropdown-menu">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {locales.map((locale) => (
          <button
            key={locale}
            type="submit"
            name="locale"
            value={locale}
            lang={locale}
            className={`dropdown-item${locale === current ? " active" : ""}`}
            aria-current={locale === current ? "true" : undefined}
          >
            {t(`language.names.${locale}`)}
          </button>
        ))}
      </Form>
    </details>
  );
}
