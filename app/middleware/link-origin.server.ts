import { linkOriginFor } from "~/domain/sites/site-origin.server";

/** The address for links made while answering `request` (`linkOriginFor`). */
export function linkOrigin(request: Request, site: { domain: string }): string {
  return linkOriginFor(request.url, site);
}
