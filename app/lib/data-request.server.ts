/**
 * React Router's data requests (`/chats.data`: a client-side navigation, or the page's data again
 * after a form post) reach the middlewares with the path of the page, without `.data`. The server
 * marks them in a header it sets itself (`server/app.ts`; anything a client sends under that name
 * is overwritten), so the app can tell a page being opened from a JSON call to the same path.
 */
export const DATA_REQUEST_HEADER = "X-Data-Request";

/** Whether the request asks for a page's data: marked by the server, or still ending in `.data`. */
export function isDataRequest(request: Request): boolean {
  return request.headers.get(DATA_REQUEST_HEADER) === "1" || new URL(request.url).pathname.endsWith(".data");
}
