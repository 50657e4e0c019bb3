import { createContext, type RouterContextProvider } from "react-router";
import { accessFor } from "~/domain/sites/visitor-access.server";
import { requestInfoContext } from "~/middleware/context";
import { readTracking } from "~/middleware/tracking.server";
import { camTeasers } from "~/domain/landers/cam-feed.server";
import type { LanderEntry } from "~/domain/landers/designs";
import { resellOffer } from "~/domain/landers/resell.server";
import { recordVisit } from "~/domain/landers/visits.server";

/**
 * Set by a lander's action: the loaders that render the page after a (refused) signup POST are not
 * a new view.
 */
export const landerSubmittedContext = createContext<boolean>(false);

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
