import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";
import { interpolate, type TranslateOptions } from "~/lib/translator";
import { useTranslator } from "./use-translation";

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translation with markup: each `<name>text</name>` becomes `components[name]` with the text inside.
 * The values are filled into the text after the markup is read, so a value never adds markup.
 */
export function Trans({
  i18nKey,
  values = {},
  components = {},
}: {
  i18nKey: string;
  values?: TranslateOptions;
  components?: Record<string, ReactElement>;
}) {
  const { template, language } = useTranslator();
  const text = template(i18nKey);
  const fill = (part: string) => interpolate(part, values, language);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    if (match.index > at)
      parts.push(<Fragment key={parts.length}>{fill(text.slice(at, match.index))}</Fragment>);
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, fill(inner)) : fill(inner));
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(<Fragment key={parts.length}>{fill(text.slice(at))}</Fragment>);
  return <>{parts}</>;
}
