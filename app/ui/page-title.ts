import type { MetaDescriptor } from "react-router";

/** A page's document title: its own title, then the site's name. */
export function pageTitle(title: string | undefined, siteName: string | undefined): string {
  return `${title} | ${siteName}`;
}

/**
 * A route's meta: the title from its loader's `title` and `siteName`, then any other tags (e.g.
 * robots). Every page that names itself uses this, so all titles read alike.
 */
export function titleMeta(
  data: { title?: string; siteName?: string } | null | undefined,
  ...more: MetaDescriptor[]
): MetaDescriptor[] {
  return [{ title: pageTitle(data?.title, data?.siteName) }, ...more];
}

const COUNT_PREFIX = /^\(\d+\+?\) /;

/**
 * A document title with the member's unread messages plus new likes before it ("(3) Chats |
 * Hartklop"), or without any count at 0. Every layout sets the tab's count through this (the
 * hook useTabTitleCount), so all pages read alike.
 */
export function countedTitle(title: string, total: number): string {
  const base = title.replace(COUNT_PREFIX, "");
  return total > 0 ? `(${total}) ${base}` : base;
}
