// Campaign links (`/{token}`): a staff-defined link redirects to its lander with the tracking data;
// anything else (unknown, inactive, another site's, malformed) is the normal 404.
import { beforeAll, describe, expect, it } from "vitest";
import { campaignLinkTarget } from "~/domain/landers/campaign-link.server";
import { db } from "~/lib/db.server";
import { readTracking } from "~/middleware/tracking.server";
import { loader } from "~/routes/$token";
import { seedBaseData } from "../../prisma/seed/base-data";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { forgetCachedReads } from "../fixtures/caches";

let sites: { nl: number; de: number };

beforeAll(async () => {
  sites = await seedBaseData(db());
  forgetCachedReads();
  await db().campaignLink.createMany({
    data: [
      {
        siteId: sites.nl,
        token: "summer-24_a",
        lander: "gallery",
        slug: "utrecht",
        network: "adnet",
        ref: "partner7",
        sub1: "banner 1",
        sub2: "b",
        sub3: "c",
      },
      { siteId: sites.nl, token: "plain", lander: "tinderswipe", slug: "ignored", network: "net2" },
      { siteId: sites.nl, token: "stopped", lander: "gallery", active: false, network: "adnet" },
      { siteId: sites.nl, token: "nolander", lander: "unknown-lander", network: "adnet" },
      { siteId: sites.de, token: "german", lander: "video", network: "denet" },
    ],
  });
});

const visit = async (token: string) =>
  runRoute(await siteRequest(`/${encodeURIComponent(token)}`, null), loader as never, { token });

describe("GET /{token}", () => {
  it("redirects to the lander and slug with the link's tracking data and the campaign token", async () => {
    const outcome = await visit("summer-24_a");
    expect(outcome.status).toBe(302);
    const location = new URL(outcome.location!, "http://hartklop.nl");
    expect(location.pathname).toBe("/landers/gallery/utrecht");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      network: "adnet",
      ref: "partner7",
      sub1: "banner 1",
      sub2: "b",
      sub3: "c",
      campaign: "summer-24_a",
    });
    // The lander reads the same tracking data from that URL (and remembers it for the signup).
    const tracking = readTracking(new Request(location));
    expect(tracking).toEqual({
      network: "adnet",
      ref: "partner7",
      sub1: "banner 1",
      sub2: "b",
      sub3: "c",
      campaign: "summer-24_a",
    });
  });

  it("leaves out empty tracking fields and the slug of a lander that takes none", async () => {
    const outcome = await visit("plain");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/landers/tinderswipe?network=net2&campaign=plain");
  });

  it("is a 404 for an unknown, inactive or another site's token", async () => {
    for (const token of ["nope", "stopped", "german", "nolander", "SUMMER-24_A"]) {
      const outcome = await visit(token);
      expect(outcome.status, token).toBe(404);
      expect(outcome.location, token).toBeNull();
    }
    // The German link works on its own site.
    expect(await campaignLinkTarget(sites.de, "german")).toBe("/landers/video?network=denet&campaign=german");
  });

  it("is a 404 for a malformed token without asking the database", async () => {
    for (const token of ["a.b", "a b", "ü", "x".repeat(65), "", "a/b", "%00"]) {
      expect(await campaignLinkTarget(sites.nl, token), token).toBeNull();
    }
    expect(await campaignLinkTarget(sites.nl, "x".repeat(64))).toBeNull(); // well-formed, unknown
    expect((await visit("a.b")).status).toBe(404);
  });

  it("only redirects: the lander records the visit itself", async () => {
    const outcome = await visit("summer-24_a");
    expect(outcome.status).toBe(302);
    expect(await db().landerVisit.count()).toBe(0);
  });
});
