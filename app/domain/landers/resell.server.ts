import type { Site } from "~/domain/sites/site.server";
import { signupsOpen } from "~/domain/sites/visitor-access.server";
import { hasTrafficSource, type Tracking } from "~/domain/core/tracking";
import type { ResellOfferData } from "./partner-offers";

type ResellSettings = Pick<Site, "signups" | "memberResell" | "resellUrl" | "resellCountdownSeconds">;

/** The tracking keys passed on to the partner; the campaign token stays ours. */
const PASSED_ON = ["network", "ref", "sub1", "sub2", "sub3"] as const;

/** The partner URL when it is a valid http(s) URL, otherwise null (a bad setting shows nothing). */
function partnerUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Partner resell (the site's `memberResell`): a visitor who may not sign up here is offered the partner
 * site, with their tracking data appended. Null when signup is open to them, resell is off, or the
 * partner URL is missing or not http(s).
 */
export function resellOffer(site: ResellSettings, tracking: Tracking): ResellOfferData | null {
  if (!site.memberResell || signupsOpen(site.signups, hasTrafficSource(tracking))) return null;
  const url = partnerUrl(site.resellUrl);
  if (!url) return null;
  for (const key of PASSED_ON) {
    const value = tracking[key];
    if (value) url.searchParams.set(key, value);
  }
  return { url: url.toString(), countdownSeconds: Math.max(0, site.resellCountdownSeconds) };
}
