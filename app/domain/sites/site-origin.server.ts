import { env } from "~/lib/env.server";

/** The address mails and pushes link to when no request gives one: PUBLIC_URL, else the site's domain. */
export function siteOrigin(site: { domain: string }): string {
  return env().PUBLIC_URL?.replace(/\/+$/, "") ?? `https://${site.domain}`;
}
