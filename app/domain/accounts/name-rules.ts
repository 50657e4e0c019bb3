/**
 * Text that a mail client or browser could turn into a link: a scheme (`://`), `www.`, an `@`
 * (an address), or a domain-like word (`example.com`, `bit.ly`: a letter or digit, a dot, then at
 * least two letters). Names typed on our forms end up in pages and mails under the site's name, so
 * they must not carry one: a phishing link would look like the site's own. Initials ("J.R. Jansen", "A. de Vries") stay allowed; "Anne.Marie" does not.
 */
const LINK_LIKE = /:\/\/|www\.|[@＠]|[\p{L}\p{N}][.。．]\p{L}{2,}/iu;

export function looksLikeLink(text: string): boolean {
  return LINK_LIKE.test(text);
}
