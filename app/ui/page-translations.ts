import { createContext, use, useContext } from "react";
import { clientTranslationsUrl } from "~/lib/i18n";
import { createTranslator, type TranslationBundles, type Translator } from "~/lib/translator";
import { reloadForChunkError } from "./chunk-reload";
import { useTranslator } from "./use-translation";

type FetchTranslations = (url: string) => Promise<TranslationBundles>;

async function fetchTranslations(url: string): Promise<TranslationBundles> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Translations answered ${response.status}: ${url}`);
  return (await response.json()) as TranslationBundles;
}

function reportMissingNamespace(namespace: string) {
  console.error(`Translations "${namespace}" are not loaded: add the namespace to the route's handle.`);
}

/**
 * The browser's translations: the namespaces of the first page, and those of later pages as they
 * are visited (each namespace loaded once, versioned and cached by the browser).
 */
export class BrowserTranslations {
  #bundles: TranslationBundles;
  #translator: Translator;
  readonly #loading = new Map<string, Promise<Translator>>();

  constructor(
    readonly language: string,
    readonly version: string,
    bundles: TranslationBundles,
    private readonly fetchBundles: FetchTranslations = fetchTranslations,
  ) {
    this.#bundles = bundles;
    this.#translator = this.#translatorOf(bundles);
  }

  static async load(language: string, version: string, namespaces: readonly string[]) {
    const bundles = await fetchTranslations(clientTranslationsUrl(language, version, namespaces));
    return new BrowserTranslations(language, version, bundles);
  }

  /** The translator with the namespaces loaded so far. */
  get translator(): Translator {
    return this.#translator;
  }

  #translatorOf(bundles: TranslationBundles) {
    return createTranslator(this.language, bundles, { onMissingNamespace: reportMissingNamespace });
  }

  #add(loaded: TranslationBundles): Translator {
    this.#bundles = { ...this.#bundles, ...loaded };
    this.#translator = this.#translatorOf(this.#bundles);
    return this.#translator;
  }

  /**
   * The translator with `namespaces`: at once when they are loaded, otherwise a promise of it, the
   * same one while they load (what React's `use` needs to wait for it).
   */
  translatorWith(namespaces: readonly string[]): Translator | Promise<Translator> {
    const missing = namespaces.filter((namespace) => !Object.hasOwn(this.#bundles, namespace));
    if (missing.length === 0) return this.#translator;
    const key = missing.join(",");
    let loading = this.#loading.get(key);
    if (!loading) {
      loading = this.fetchBundles(clientTranslationsUrl(this.language, this.version, missing))
        .then((loaded) => this.#add(loaded))
        // Offline or a deploy in between: load the page as a document (it is already in the
        // address bar). Where that was just tried, show the page with what is loaded, and do not
        // ask again (each attempt would render the page anew).
        .catch(() =>
          reloadForChunkError()
            ? new Promise<Translator>(() => {})
            : this.#add(Object.fromEntries(missing.map((namespace) => [namespace, {}]))),
        )
        .finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
    }
    return loading;
  }
}

const BrowserTranslationsContext = createContext<BrowserTranslations | null>(null);

/** Given by `entry.client.tsx`; the server renders with all of its language's translations. */
export const BrowserTranslationsProvider = BrowserTranslationsContext.Provider;

/**
 * The translator for a page's namespaces. In the browser it waits (suspends) until they are
 * loaded: a client-side navigation keeps showing the previous page meanwhile.
 */
export function usePageTranslator(namespaces: readonly string[]): Translator {
  const browserTranslations = useContext(BrowserTranslationsContext);
  const translator = useTranslator();
  if (!browserTranslations) return translator;
  const withNamespaces = browserTranslations.translatorWith(namespaces);
  return withNamespaces instanceof Promise ? use(withNamespaces) : withNamespaces;
}
