import { env } from "./env.server";

/**
 * The origins (scheme, host and port) our own pages are served from: the host the request asked
 * for (its URL's, or its Host header's) and PUBLIC_URL's. Where PUBLIC_URL is https the site is
 * served over https only (a proxy in front may end TLS and pass the request on as http): an http
 * page of the same host, which anyone on the network can forge, is not ours.
 */
function ownOrigins(request: Request, publicUrl: string | undefined): string[] {
  const url = new URL(request.url);
  const scheme = publicUrl?.startsWith("https:") ? "https:" : url.protocol;
  const hosts = [url.host, request.headers.get("Host")].filter((host) => host !== null);
  const origins = hosts
    .filter((host) => URL.canParse(`${scheme}//${host}`))
    .map((host) => new URL(`${scheme}//${host}`).origin);
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

/** Whether `address` (an Origin or Referer header) is one of our own origins, compared whole. */
export function isOwnOrigin(
  address: string,
  request: Request,
  publicUrl: string | undefined = env().PUBLIC_URL,
): boolean {
  if (!URL.canParse(address)) return false;
  return ownOrigins(request, publicUrl).includes(new URL(address).origin);
}

/**
 * Whether a GET comes from one of our own pages rather than from another site's link, image or
 * script: the browser's Sec-Fetch-Site where it sends one, else an Origin or Referer of ours.
 * Without any of them (an old browser told to send no referrer) it does not.
 */
export function comesFromOwnPage(
  request: Request,
  publicUrl: string | undefined = env().PUBLIC_URL,
): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite === "same-origin";
  const from = request.headers.get("Origin") ?? request.headers.get("Referer");
  return from !== null && isOwnOrigin(from, request, publicUrl);
}
