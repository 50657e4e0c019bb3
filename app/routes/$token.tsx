import { data, redirect } from "react-router";
import { campaignLinkTarget } from "~/domain/landers/campaign-link.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/$token";

/** A campaign link (`/{token}`): on to its lander with the tracking data; anything else is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { site } = context.get(requestInfoContext);
  const target = await campaignLinkTarget(site.id, params.token);
  if (!target) throw data(null, { status: 404 });
  return redirect(target);
}

// Never rendered (the loader always redirects or throws); a component keeps the 404 on the error page.
export default function CampaignLink() {
  return null;
}
