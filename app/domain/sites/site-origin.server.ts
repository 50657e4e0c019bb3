import { env, standInsAllowed } from "~/lib/env.server";
import { normalizeHost } from "./site.server";

/** The address mails and pushes link to when no request gives one: PUBLIC_URL, else the site's domain. */
export function siteOrigin(site: { domain: string }): string {
  return env().PUBLIC_URL?.replace(/\/+$/, "") ?? `https://${site.domain}`;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The address for links made while answering a request to `requestUrl` (mails, Mollie's return and
 * webhook):
 * PUBLIC_URL when set, else the request's own address only when its host is the site's domain, or a
 * loopback address where stand-ins run (the local start). Otherwise the site's own address: the
 * Host and X-Forwarded-Host headers are the client's to choose, and a password-reset mail must
 * never link to a host an attacker named (an unknown host is served as the default site).
 */
export function linkOriginFor(requestUrl: string, site: { domain: string }): string {
  if (env().PUBLIC_URL) return siteOrigin(site);
  const url = new URL(requestUrl);
  if (normalizeHost(url.host) === site.domain || (standInsAllowed() && LOOPBACK.has(url.hostname))) {
    return url.origin;
  }
  return siteOrigin(site);
}
