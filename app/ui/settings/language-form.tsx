import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { SUPPORTED_LOCALES } from "~/lib/i18n";

/** `language` is the member's stored choice; when it is not offered, the page's language is preselected. */
export function LanguageForm({ language }: { language: string }) {
  const { t, language: pageLanguage } = useTranslation();
  return (
    // A full page load, so the whole page (and the browser's copy of the texts) switches language.
    <Form method="post" reloadDocument>
      <input type="hidden" name="intent" value="language" />
      <div className="mb-3">
        <label htmlFor="language" className="form-label">
          {t("settings:language.label")}
        </label>
        <select
          className="form-select"
          name="language"
          id="language"
          defaultValue={SUPPORTED_LOCALES.find((l) => l === language) ?? pageLanguage}
        >
          {SUPPORTED_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {t(`language.names.${locale}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        {t("settings:language.submit")}
      </button>
    </Form>
  );
}
