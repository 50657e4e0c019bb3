import { POPULAR_DOMAINS, run } from "@zootools/email-spell-checker";

/** Mail providers our members use besides the library's (mostly American) list. */
const EXTRA_DOMAINS = [
  "gmail.com",
  "hotmail.com",
  "hotmail.nl",
  "hotmail.be",
  "hotmail.de",
  "hotmail.fr",
  "hotmail.it",
  "hotmail.es",
  "outlook.com",
  "outlook.nl",
  "outlook.be",
  "outlook.de",
  "live.nl",
  "live.be",
  "live.com",
  "msn.nl",
  "yahoo.com",
  "yahoo.nl",
  "yahoo.de",
  "yahoo.fr",
  "icloud.com",
  "ziggo.nl",
  "kpnmail.nl",
  "kpnplanet.nl",
  "planet.nl",
  "hetnet.nl",
  "home.nl",
  "xs4all.nl",
  "casema.nl",
  "upcmail.nl",
  "chello.nl",
  "zonnet.nl",
  "telfort.nl",
  "quicknet.nl",
  "telenet.be",
  "skynet.be",
  "proximus.be",
  "scarlet.be",
  "gmx.de",
  "gmx.net",
  "gmx.at",
  "web.de",
  "t-online.de",
  "freenet.de",
  "aol.de",
  "posteo.de",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "wanadoo.fr",
  "libero.it",
  "virgilio.it",
  "wp.pl",
  "o2.pl",
  "onet.pl",
  "interia.pl",
];

const DOMAINS = [...new Set([...POPULAR_DOMAINS, ...EXTRA_DOMAINS])];

/**
 * "Bedoelde je …?": the address with a probably misspelled mail domain corrected, or null when the
 * address looks right. Shared by the browser (hint on blur) and the server (hint after a submit).
 */
export function suggestEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase() ?? "";
  const at = value.lastIndexOf("@");
  if (at < 1 || at === value.length - 1) return null;
  const suggestion = run({ email: value, domains: DOMAINS });
  if (!suggestion || suggestion.full === value) return null;
  return suggestion.full;
}

/** The submit button that accepts the "Bedoelde je …?" hint without JavaScript. */
export const EMAIL_SUGGESTION_FIELD = "use_email_suggestion";
