// Openers and what a low-trust member's first messages may not carry (docs/product.md, Trust and
// first contact). Pure, so the rules are unit-tested apart from the send.

/**
 * The form of an opener compared between members: lower case, digits removed, whitespace collapsed
 * and trimmed. A script that numbers its messages or varies spacing ("Hoi 1", "hoi  2") still sends
 * one text.
 */
export function normaliseOpener(text: string): string {
  return text
    .toLocaleLowerCase("nl")
    .replace(/\p{Nd}/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
}

/** Different members one opener may reach per site day; the next one is asked for a personal one. */
export const SAME_OPENER_MEMBERS_PER_DAY = 3;

// A link: a scheme, "www.", or a host name with a top-level domain scammers use. A list of domains
// rather than any "word.word", since people type "leuk.ben" without a space; these endings are rare
// in Dutch, German and the other languages' words.
const LINK =
  /:\/\/|\bwww\s*\.|\b[\p{L}\p{N}-]+\s*\.\s*(?:com|net|org|info|nl|be|de|at|ch|fr|it|es|pl|eu|uk|co|io|me|ly|gl|gg|app|link|site|online|xyz|top|club|live|shop|ru|tk|to|cc|ws|vip|chat|dating|love)\b/iu;
// An e-mail address, also written "name (at) mail (dot) com" or with a full-width at sign.
const EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:@|＠|\(at\)|\[at\])\s*[\p{L}\p{N}-]+\s*(?:\.|\(dot\)|\[dot\])\s*\p{L}{2,}/iu;
// A phone number: 9 or more digits, separated by at most two spaces, dashes, dots, slashes or
// brackets at a time ("06 12 34 56 78", "+31-6-1234 5678"). Prices, ages and dates have fewer.
const PHONE = /\p{Nd}(?:[\s\-./()]{0,2}\p{Nd}){8,}/u;

export type ContactDetail = "link" | "email" | "phone";

/** The first kind of contact detail the text carries, or null. */
export function contactDetailIn(text: string): ContactDetail | null {
  if (EMAIL.test(text)) return "email";
  if (LINK.test(text)) return "link";
  if (PHONE.test(text)) return "phone";
  return null;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The site's calendar day of an instant, as YYYY-MM-DD: openers are counted per site day. */
export function siteDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}
