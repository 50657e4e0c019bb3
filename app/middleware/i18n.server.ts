import { createInstance, type i18n, type InitOptions } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, resolveLocale, type Locale } from "~/lib/i18n";
import { LOCALE_COOKIE, readCookie } from "~/lib/cookies.server";
import { resources } from "~/lib/i18n-resources.server";
import { createTranslator, type TranslationBundles, type Translator } from "~/lib/translator";

interface LocaleRequestFacts {
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

const i18nextOptions = {
  resources,
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
} satisfies InitOptions;

/**
 * One initialised i18next instance per language for the whole process: requests only read from it
 * (nothing calls changeLanguage), so none is created or initialised per request.
 */
const instances = new Map<Locale, i18n>();
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance({ ...i18nextOptions, lng: locale });
    void instance.init();
    instances.set(locale, instance);
  }
  return instance;
}

/** The pages' translator for a language (every namespace, the server-only ones too), one per process. */
const pageTranslators = new Map<Locale, Translator>();
export function pageTranslatorFor(locale: Locale): Translator {
  let translator = pageTranslators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, resources[locale] as TranslationBundles);
    pageTranslators.set(locale, translator);
  }
  return translator;
}

const localeContext = createContext<Locale>(DEFAULT_LOCALE);
const instanceContext = createContext<i18n | null>(null);

/**
 * The request's language (docs/product.md, Sites, languages and countries) and its translator, for
 * loaders, actions and rendering.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = localeForRequest(request).locale;
  context.set(localeContext, locale);
  context.set(instanceContext, i18nFor(locale));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(instanceContext);
  if (!instance) throw new Error("getInstance() before the i18n middleware ran");
  return instance;
}
