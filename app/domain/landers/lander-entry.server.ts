import type { RouterContextProvider } from "react-router";
import { accessFor } from "~/domain/sites/visitor-access.server";
import { requestInfoContext } from "~/lib/context";
import { readTracking } from "~/middleware/tracking.server";
import { camTeasers } from "./cam-feed.server";
import type { LanderEntry } from "./designs";
import { resellOffer } from "./resell.server";
import { landerSubmittedContext, recordVisit } from "./visits.server";

/**
 * The entry rules for a lander view, and the view itself: records the visit (not when the page
 * is rendered again after its own signup POST) with the tracking data of the URL or cookie.
 */
export async function landerEntry(
  request: Request,
  context: Readonly<RouterContextProvider>,
  view: { lander: string; slug: string | null },
): Promise<LanderEntry> {
  const { site } = context.get(requestInfoContext);
  const url = new URL(request.url);
  const tracking = readTracking(request);
  const access = accessFor(site, tracking);
  const repeat = context.get(landerSubmittedContext);
  const [token, teasers] = await Promise.all([
    repeat ? null : recordVisit({ siteId: site.id, lander: view.lander, slug: view.slug, tracking }),
    camTeasers(site),
  ]);
  return {
    signup: access.maySignUp
      ? {
          open: true,
          minAge: site.minAge,
          usesSignupMessage: site.usesSignupMessage,
          supportEmail: site.supportEmail,
        }
      : null,
    resell: access.maySignUp ? null : resellOffer(site, tracking),
    teasers,
    action: url.pathname + url.search,
    bounceToken: url.searchParams.has("lb") ? token : null,
  };
}
