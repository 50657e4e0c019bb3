import type { TFunction } from "i18next";
import { createContext, useContext } from "react";
import type { TranslateOptions, Translator } from "~/lib/translator";

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the pages their language's translator: one per language and process on the server. */
export const TranslatorProvider = TranslatorContext.Provider;

export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation() outside a TranslatorProvider");
  return translator;
}

type Translation = { t: TFunction; language: string };

/** Per translator and namespace; a translator lives as long as its language's page (or process). */
const translations = new WeakMap<Translator, Map<string, Translation>>();

function translationOf(translator: Translator, namespace = ""): Translation {
  let byNamespace = translations.get(translator);
  if (!byNamespace) translations.set(translator, (byNamespace = new Map()));
  let translation = byNamespace.get(namespace);
  if (!translation) {
    const t = namespace
      ? (key: string, options?: TranslateOptions) =>
          translator.t(key.includes(":") ? key : `${namespace}:${key}`, options)
      : translator.t;
    translation = { t: t as unknown as TFunction, language: translator.language };
    byNamespace.set(namespace, translation);
  }
  return translation;
}

/**
 * The page's translation function (typed as i18next's, which the shared schemas take) and language.
 * With a namespace, keys without one are looked up in it.
 */
export function useTranslation(namespace?: string): Translation {
  return translationOf(useTranslator(), namespace);
}
