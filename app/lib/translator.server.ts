import { createInstance, type TFunction } from "i18next";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./i18n";
import { resources } from "./i18n-resources.server";

const translators = new Map<Locale, TFunction>();

/** A translation function for a language outside a request (mails, jobs). */
export function translatorFor(language: string): TFunction {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  let t = translators.get(locale);
  if (!t) {
    const instance = createInstance({
      resources,
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    void instance.init();
    t = instance.t;
    translators.set(locale, t);
  }
  return t;
}
