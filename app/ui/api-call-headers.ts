/**
 * What our pages add to a JSON call by its path (docs/product.md, JSON calls): calls to a path
 * ending in user.php carry `X-Request-Type: client`, as every client of the calls does, whatever
 * their query (`?push=1`) or method. Other calls carry nothing extra. The service worker
 * (public/sw.js) cannot import this and writes the same header itself.
 */
export const CLIENT_REQUEST_HEADERS: Readonly<Record<string, string>> = { "X-Request-Type": "client" };

/** Whether a call goes to the user call: its path (without query or fragment) ends in user.php. */
export function isUserCall(url: string): boolean {
  return url.split(/[?#]/)[0]!.endsWith("user.php");
}

export function apiCallHeaders(url: string): Record<string, string> {
  return isUserCall(url) ? { ...CLIENT_REQUEST_HEADERS } : {};
}
