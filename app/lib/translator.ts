// The pages' translation function, in the server's rendering and in the browser. It reads the same
// resource files as i18next and gives the same text for what the pages use of it (namespaces, nested
// keys, plurals, context, defaultValue, returnObjects, `{{name}}` and `{{name, number}}`), without
// i18next's 20 KB in every page's JavaScript. The test compares it with i18next for every key.

/** A language's resources: namespace, then nested keys. */
export type TranslationBundles = Record<string, unknown>;

export interface TranslateOptions {
  count?: number;
  context?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  ns?: string;
  [value: string]: unknown;
}

export type Translate = (key: string, options?: TranslateOptions) => string;

export interface Translator {
  language: string;
  t: Translate;
  /** A key's text with its placeholders left in (for markup that is read before they are filled in). */
  template: (key: string) => string;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function lookUp(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function asText(value: unknown): string {
  return value == null ? "" : String(value);
}

/** A text cut at its placeholders: `inner` is what stands between the braces, as i18next reads it. */
type Part = string | { placeholder: string; inner: string; name: string; number: boolean };

// Both caches hold texts of the resource files and of the code, so they stay small.
const compiledTexts = new Map<string, Part[]>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function compile(text: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const [placeholder, inner = ""] = match;
    const [name = "", format] = inner.split(",").map((piece) => piece.trim());
    parts.push(text.slice(at, match.index), {
      placeholder,
      inner: inner.trim(),
      name,
      number: format === "number",
    });
    at = match.index + placeholder.length;
  }
  parts.push(text.slice(at));
  return parts;
}

/** Fills in `{{name}}` and `{{name, number}}`; a placeholder without a value stays, as in i18next. */
export function interpolate(text: string, values: TranslateOptions, language: string): string {
  if (!text.includes("{{")) return text;
  let parts = compiledTexts.get(text);
  if (!parts) compiledTexts.set(text, (parts = compile(text)));
  let result = "";
  for (const part of parts) {
    if (typeof part === "string") {
      result += part;
      continue;
    }
    const value = lookUp(values, part.name);
    if (value === undefined || value === null) {
      result += Object.hasOwn(values, part.inner) ? "" : part.placeholder;
    } else if (part.number) {
      let numberFormat = numberFormats.get(language);
      if (!numberFormat) numberFormats.set(language, (numberFormat = new Intl.NumberFormat(language)));
      result += numberFormat.format(value as number);
    } else {
      result += asText(value);
    }
  }
  return result;
}

/**
 * `onMissingNamespace` hears of a key whose namespace is not in `bundles` (in the browser, which
 * loads a page's namespaces only: a route that does not declare one it uses).
 */
export function createTranslator(
  language: string,
  bundles: TranslationBundles,
  {
    defaultNamespace = "common",
    onMissingNamespace,
  }: { defaultNamespace?: string; onMissingNamespace?: (namespace: string) => void } = {},
): Translator {
  const pluralRules = new Intl.PluralRules(language);
  const texts = new Map<string, unknown>();
  const resolved = new Map<string, unknown>();

  function resource(namespace: string, path: string): unknown {
    const value = lookUp(bundles[namespace], path);
    return value === null ? undefined : value;
  }

  function namespaceAndPath(key: string, options: TranslateOptions): [string, string] {
    const separator = key.indexOf(":");
    return separator > 0
      ? [key.slice(0, separator), key.slice(separator + 1)]
      : [options.ns ?? defaultNamespace, key];
  }

  /**
   * What a key names in the resources for these options (a text, an object or nothing), remembered:
   * the candidate keys in i18next's order, context and plural forms before the bare key.
   */
  function resolve(key: string, options: TranslateOptions): unknown {
    const plural = typeof options.count === "number";
    const suffix = plural ? `_${pluralRules.select(options.count!)}` : "";
    const zero = plural && options.count === 0;
    const { context } = options;
    const withContext = (typeof context === "string" || typeof context === "number") && context !== "";
    const cacheKey =
      plural || withContext || options.ns !== undefined
        ? `${key}\0${options.ns ?? ""}\0${zero ? "0" : ""}${suffix}\0${withContext ? context : ""}`
        : key;
    if (resolved.has(cacheKey)) return resolved.get(cacheKey);
    const [namespace, path] = namespaceAndPath(key, options);
    if (onMissingNamespace && !Object.hasOwn(bundles, namespace)) onMissingNamespace(namespace);
    const candidates: string[] = [];
    if (withContext) {
      const contextPath = `${path}_${context}`;
      if (zero) candidates.push(`${contextPath}_zero`);
      if (plural) candidates.push(contextPath + suffix);
      candidates.push(contextPath);
    }
    if (zero) candidates.push(`${path}_zero`);
    if (plural) candidates.push(path + suffix);
    candidates.push(path);
    const value = candidates.map((candidate) => resource(namespace, candidate)).find((v) => v !== undefined);
    resolved.set(cacheKey, value);
    return value;
  }

  function translate(key: string, options: TranslateOptions = {}, fillIn = true): unknown {
    let value = resolve(key, options);
    if (value === undefined && options.defaultValue !== undefined) value = options.defaultValue;
    if (value === undefined) return namespaceAndPath(key, options)[1];
    if (typeof value === "object") {
      return options.returnObjects
        ? value
        : `key '${namespaceAndPath(key, options)[1]} (${language})' returned an object instead of string.`;
    }
    return fillIn ? interpolate(asText(value), options, language) : asText(value);
  }

  // Texts without options never change in a process: each is looked up once.
  const t: Translate = (key, options) => {
    if (options !== undefined) return translate(key, options) as string;
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = translate(key)));
    return text as string;
  };
  return { language, t, template: (key) => translate(key, {}, false) as string };
}
