export const SUPPORTED_LOCALES = ["nl", "de", "en", "es", "fr", "it", "pl"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "nl";

/** The locales offered to visitors from each country (docs/product.md, Sites, languages and countries). */
const LOCALES_BY_COUNTRY: Record<string, readonly Locale[]> = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  AU: ["en"],
  NZ: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  CH: ["de", "it", "fr", "en"],
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** Locales offered for a country (every locale for a country not in the table), always with the current one. */
export function visibleLocales(country: string | null, current?: Locale): Locale[] {
  const offered = (country && LOCALES_BY_COUNTRY[country.toUpperCase()]) || SUPPORTED_LOCALES;
  const list = [...offered];
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

/** Language codes from an Accept-Language header, most preferred first. */
function parseAcceptLanguage(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((l) => l.tag && l.tag !== "*" && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

type LocaleSource = "cookie" | "domain" | "browser" | "default";

interface LocaleInput {
  cookieLocale?: string | null;
  acceptLanguage?: string | null;
  domainLanguage?: string | null;
  country?: string | null;
}

/**
 * The language order (docs/product.md, Sites, languages and countries): cookie first; without a
 * cookie the site's domain language when it is supported; then the browser's languages among those
 * offered in the visitor's country; then nl.
 */
export function resolveLocale(input: LocaleInput): { locale: Locale; source: LocaleSource } {
  if (isLocale(input.cookieLocale)) return { locale: input.cookieLocale, source: "cookie" };
  const domain = input.domainLanguage?.slice(0, 2).toLowerCase();
  if (isLocale(domain)) return { locale: domain, source: "domain" };
  const offered = visibleLocales(input.country ?? null);
  for (const tag of parseAcceptLanguage(input.acceptLanguage ?? null)) {
    const language = tag.slice(0, 2);
    if (isLocale(language) && offered.includes(language)) return { locale: language, source: "browser" };
  }
  return { locale: DEFAULT_LOCALE, source: "default" };
}

/** The namespace of keys without one; every page loads it. */
export const DEFAULT_NAMESPACE = "common";

/**
 * A route module's `handle`: the translation namespaces its components use in the browser beyond
 * those of the routes above it (`tests/unit/route-namespaces.test.ts` checks them against the code).
 * `memberI18n`: those only its members' parts use (the root's alerts, banners and offers), which a
 * visitor's page does not load; the routes below declare what they use themselves.
 */
export interface TranslationHandle {
  i18n: readonly string[];
  memberI18n?: readonly string[];
}

/** The namespaces a page's routes use in the browser, sorted, with the default one. */
export function pageNamespaces(
  matches: readonly { handle?: unknown }[],
  { member }: { member: boolean },
): string[] {
  const namespaces = new Set([DEFAULT_NAMESPACE]);
  for (const { handle } of matches) {
    const declared = handle as Partial<TranslationHandle> | undefined;
    for (const namespace of declared?.i18n ?? []) namespaces.add(namespace);
    if (member) for (const namespace of declared?.memberI18n ?? []) namespaces.add(namespace);
  }
  return [...namespaces].sort();
}

/** Where the browser loads translations: one language, the given namespaces, versioned by content hash. */
export function clientTranslationsUrl(
  locale: string,
  version: string,
  namespaces: readonly string[],
): string {
  return `/resources/locales/${locale}?v=${version}&ns=${namespaces.join(",")}`;
}
