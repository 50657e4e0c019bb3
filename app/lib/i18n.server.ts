import { createI18nextMiddleware } from "remix-i18next/middleware";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, resolveLocale } from "./i18n";
import { LOCALE_COOKIE, readCookie } from "./cookies.server";
import { resources } from "./i18n-resources.server";

export interface LocaleRequestFacts {
  domainLanguage: string | null;
  country: string;
}

/** Facts the locale rule needs beyond the request itself, set by the site middleware before i18n runs. */
const requestFacts = new WeakMap<Request, LocaleRequestFacts>();
export function setLocaleFacts(request: Request, facts: LocaleRequestFacts) {
  requestFacts.set(request, facts);
}

export function localeForRequest(request: Request) {
  const facts = requestFacts.get(request);
  return resolveLocale({
    cookieLocale: readCookie(request, LOCALE_COOKIE),
    acceptLanguage: request.headers.get("Accept-Language"),
    domainLanguage: facts?.domainLanguage,
    country: facts?.country,
  });
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeForRequest(request).locale,
  },
  i18next: {
    resources,
    supportedLngs: [...SUPPORTED_LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
});
