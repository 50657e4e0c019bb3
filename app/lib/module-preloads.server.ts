const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * The page with its module preloads (React Router's, which React writes into the head) fetched at
 * low priority: the scripts only hydrate a page that works without them, so on a slow connection
 * the stylesheet and the visible images come first. Only the head is read and rewritten.
 */
export function withLowPriorityModulePreloads(page: string): string {
  const headEnd = page.indexOf("</head>");
  if (headEnd < 0) return page;
  const head = page.slice(0, headEnd);
  const lowered = head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
  return lowered === head ? page : lowered + page.slice(headEnd);
}
