/**
 * Openers offered in an empty conversation (`chat-extras:icebreakers.openers.<key>`, with the
 * other member's `{{name}}`). With JavaScript a modal fills the send form; without it each opener
 * links to the conversation page with `?text=`, which the page puts in the empty form.
 */
export const ICEBREAKER_KEYS = ["hello", "smile", "weekend", "travel", "music", "food"] as const;

/** The query parameter that carries a chosen opener to the conversation page. */
export const PREFILL_PARAM = "text";

/** The page's address with the opener as `?text=`, keeping its other parameters. */
export function icebreakerHref(pageUrl: string, text: string): string {
  const url = new URL(pageUrl, "http://local");
  url.searchParams.set(PREFILL_PARAM, text);
  return url.pathname + url.search;
}

/**
 * The text to put in the send form, from the page's `?text=` value (no JavaScript); at most
 * `maxLength` characters, "" when absent.
 */
export function prefilledText(value: string | null, maxLength: number): string {
  const text = (value ?? "").trim();
  return [...text].slice(0, Math.max(0, maxLength)).join("");
}
