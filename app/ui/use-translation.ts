import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation as useReactI18next } from "react-i18next";

type Translation = ReturnType<typeof useReactI18next>;

/** Per process instance and namespace: the server's instances never change language. */
const serverTranslations = new WeakMap<I18n, Map<string, Translation>>();

function translationOf(i18n: I18n, namespace: string | undefined): Translation {
  let byNamespace = serverTranslations.get(i18n);
  if (!byNamespace) serverTranslations.set(i18n, (byNamespace = new Map()));
  const key = namespace ?? "";
  let translation = byNamespace.get(key);
  if (!translation) {
    const t = remembered((namespace ? i18n.getFixedT(null, namespace) : i18n.t.bind(i18n)) as TFunction);
    translation = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation;
    byNamespace.set(key, translation);
  }
  return translation;
}

type Translate = (...args: unknown[]) => string;
type Values = Record<string, unknown>;

/** i18next options that change more than the `{{name}}` placeholders: those calls go to i18next. */
const OPTIONS_FOR_I18NEXT =
  /^(count|context|defaultValue|returnObjects|returnDetails|lng|lngs|ns|keyPrefix|interpolation|replace|ordinal|postProcess|joinArrays|fallbackLng)$/;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The text of `key` with the placeholders left in, when they are all plain `{{name}}` ones. */
function plainTemplate(translate: Translate, key: string): string | null {
  const template = translate(key, { skipInterpolation: true });
  const withoutPlain = template.replace(PLACEHOLDER, "");
  return withoutPlain.includes("{{") || withoutPlain.includes("$t(") ? null : template;
}

function fillIn(template: string, values: Values): string | null {
  let complete = true;
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
    complete = false;
    return "";
  });
  return complete ? text : null;
}

/**
 * A key always gives the same text in a process (its resources never change), and i18next's lookup
 * is the dearer part of rendering a page full of labels: each key is looked up once, and plain
 * `{{name}}` placeholders are filled in here (the test compares this with i18next for every key).
 */
export function remembered(t: TFunction): TFunction {
  const translate = t as unknown as Translate;
  const texts = new Map<string, string>();
  const templates = new Map<string, string | null>();
  return ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 1) return translate(key, ...rest);
    const [values] = rest as [Values | undefined];
    if (values === undefined) {
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = translate(key)));
      return text;
    }
    if (
      typeof values !== "object" ||
      values === null ||
      Object.keys(values).some((name) => OPTIONS_FOR_I18NEXT.test(name))
    ) {
      return translate(key, values);
    }
    let template = templates.get(key);
    if (template === undefined) templates.set(key, (template = plainTemplate(translate, key)));
    return (template === null ? null : fillIn(template, values)) ?? translate(key, values);
  }) as unknown as TFunction;
}

/**
 * Server rendering: react-i18next's hook copies every property of the i18next instance on each call
 * (useMemo runs on every server render), about a millisecond per page over its components. The
 * server keeps one instance per language for the whole process (app/middleware/i18n.server.ts), so
 * its `t` is taken once per instance.
 */
function useServerTranslation(namespace?: string): Translation {
  const { i18n } = useContext(I18nContext);
  return translationOf(i18n, namespace);
}

/**
 * `useTranslation` of react-i18next; in the browser it is that hook itself (it follows language
 * changes). Decided by the environment rather than `import.meta.env.SSR`, which only Vite defines
 * (Playwright's test runner loads app modules too).
 */
export const useTranslation: (namespace?: string) => Translation =
  typeof document === "undefined" ? useServerTranslation : useReactI18next;
