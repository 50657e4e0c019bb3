import { db } from "~/lib/db.server";
import { isLanderName, landerTakesSlug } from "./lander-names";

/** Campaign tokens: letters, digits, "-" and "_", at most 64 (anything else is no token). */
const CAMPAIGN_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

const TRACKING_FIELDS = ["network", "ref", "sub1", "sub2", "sub3"] as const;

/**
 * Where a campaign link (`/{token}`) sends the visitor: its lander (and slug) with the link's
 * tracking data and `campaign=<token>` in the query. Null for a malformed, unknown or inactive
 * token, a token of another site, or a link to a lander that does not exist.
 */
export async function campaignLinkTarget(siteId: number, token: string): Promise<string | null> {
  if (!CAMPAIGN_TOKEN.test(token)) return null;
  const link = await db().campaignLink.findUnique({
    where: { siteId_token: { siteId, token } },
    select: {
      lander: true,
      slug: true,
      active: true,
      network: true,
      ref: true,
      sub1: true,
      sub2: true,
      sub3: true,
    },
  });
  if (!link?.active || !isLanderName(link.lander)) return null;
  const query = new URLSearchParams();
  for (const field of TRACKING_FIELDS) {
    const value = link[field];
    if (value) query.set(field, value);
  }
  query.set("campaign", token);
  const slug = link.slug && landerTakesSlug(link.lander) ? `/${encodeURIComponent(link.slug)}` : "";
  return `/landers/${link.lander}${slug}?${query.toString()}`;
}
