const HEAD_END = Buffer.from("</head>");
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * The page with its module preloads (React Router's, which React writes into the head) fetched at
 * low priority: the scripts only hydrate a page that works without them, so on a slow connection
 * the stylesheet and the visible images come first. Only the head is read and rewritten.
 */
export function withLowPriorityModulePreloads(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd < 0) return page;
  const head = page.subarray(0, headEnd).toString("utf8");
  const lowered = head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
  return lowered === head ? page : Buffer.concat([Buffer.from(lowered), page.subarray(headEnd)]);
}
