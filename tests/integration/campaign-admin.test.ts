// Staff's campaign links on /staff/campaigns: create, validate (token format, reserved and taken
// tokens, slug only where the lander takes one), edit, switch off and on; staff of this site only.
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignLinkView } from "~/domain/landers/campaign-schema";
import { db } from "~/lib/db.server";
import * as page from "~/routes/staff.campaigns";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

let siteId: number;
let otherSiteId: number;
let staff: Member;

beforeAll(async () => {
  const sites = await seedBaseData(db());
  siteId = sites.nl;
  otherSiteId = sites.de;
  staff = await createMember({ siteId, role: "admin" });
});

type Reply = { status?: string; error?: Record<string, string[] | null> };

async function post(
  form: Record<string, string>,
  path = "/staff/campaigns",
  by: number | null = staff.userId,
) {
  return runRoute<Reply>(await siteRequest(path, by, { form }), page.action as never);
}

async function load(query = "", by: number | null = staff.userId) {
  return runRoute<{ links: CampaignLinkView[]; editing: CampaignLinkView | null; saved: string | null }>(
    await siteRequest(`/staff/campaigns${query}`, by),
    page.loader as never,
  );
}

const link = (token: string) => db().campaignLink.findUnique({ where: { siteId_token: { siteId, token } } });

describe("campaign links", () => {
  it("creates a link with its tracking data and lists it", async () => {
    const created = await post({
      intent: "save",
      token: "spring-2025",
      lander: "gallery",
      slug: "utrecht",
      network: "adnet",
      ref: "r1",
      sub1: "a",
      sub2: "",
      sub3: "",
      active: "on",
    });
    expect(created.status).toBe(302);
    const row = await link("spring-2025");
    expect(row).toMatchObject({
      lander: "gallery",
      slug: "utrecht",
      network: "adnet",
      ref: "r1",
      sub1: "a",
      sub2: null,
      sub3: null,
      active: true,
    });
    expect(created.location).toBe(`/staff/campaigns?saved=${row!.id}`);
    const listed = await load(`?saved=${row!.id}`);
    expect(listed.body!.saved).toBe("spring-2025");
    expect(listed.body!.links.map((l) => l.token)).toContain("spring-2025");
  });

  it("refuses a malformed token, an unknown lander, a slug where none belongs, and too long values", async () => {
    const bad = await post({ intent: "save", token: "no spaces!", lander: "nope", sub1: "x".repeat(101) });
    expect(bad.status).toBe(400);
    expect(bad.body!.error).toMatchObject({
      token: ["Een token bestaat uit 1 tot 64 letters, cijfers, - of _."],
      lander: ["Kies een lander."],
      sub1: ["Maximaal 100 tekens."],
    });
    const slug = await post({ intent: "save", token: "adult1", lander: "adultonly", slug: "x" });
    expect(slug.status).toBe(400);
    expect(slug.body!.error).toMatchObject({ slug: ["Deze lander heeft geen slug."] });
    const long = await post({ intent: "save", token: "t".repeat(65), lander: "video" });
    expect(long.body!.error!.token).toBeTruthy();
    expect(await link("adult1")).toBeNull();
  });

  it("saves a slug only as its lander reads it: lower case, a clear message otherwise", async () => {
    for (const slug of ["noord_holland", "-utrecht", "u".repeat(61)]) {
      const bad = await post({ intent: "save", token: "slugged", lander: "maplanding", slug });
      expect(bad.status).toBe(400);
      expect(bad.body!.error).toMatchObject({
        slug: [
          "Een slug bestaat uit 1 tot 60 letters (a-z), cijfers en streepjes en begint niet met een streepje.",
        ],
      });
    }
    expect(await link("slugged")).toBeNull();
    const saved = await post({
      intent: "save",
      token: "slugged",
      lander: "maplanding",
      slug: "Noord-Holland",
    });
    expect(saved.status).toBe(302);
    expect(await link("slugged")).toMatchObject({ slug: "noord-holland" });
  });

  it("refuses a token a page of the site already uses", async () => {
    const reserved = await post({ intent: "save", token: "Members", lander: "video" });
    expect(reserved.status).toBe(400);
    expect(reserved.body!.error).toMatchObject({
      token: ["Deze token is de naam van een pagina van de site. Kies een andere."],
    });
  });

  it("says so when the token is taken on this site, but allows it on another site", async () => {
    await post({ intent: "save", token: "dup", lander: "video" });
    const again = await post({ intent: "save", token: "dup", lander: "gallery" });
    expect(again.status).toBe(400);
    expect(again.body!.error).toMatchObject({
      token: ["Deze token is al in gebruik op deze site. Kies een andere."],
    });
    await db().campaignLink.create({ data: { siteId: otherSiteId, token: "elsewhere", lander: "video" } });
    expect((await post({ intent: "save", token: "elsewhere", lander: "video" })).status).toBe(302);
  });

  it("edits a link, keeping its own token, and switches it off and on", async () => {
    await post({ intent: "save", token: "edit-me", lander: "video", active: "on" });
    const row = (await link("edit-me"))!;
    const form = await load(`?edit=${row.id}`);
    expect(form.body!.editing).toMatchObject({ token: "edit-me", lander: "video" });
    const saved = await post({
      intent: "save",
      id: String(row.id),
      token: "edit-me",
      lander: "maplanding",
      slug: "noord",
      network: "net9",
      active: "on",
    });
    expect(saved.status).toBe(302);
    expect(await link("edit-me")).toMatchObject({ lander: "maplanding", slug: "noord", network: "net9" });
    // Renaming onto another link's token is refused.
    await post({ intent: "save", token: "other", lander: "video" });
    const clash = await post({ intent: "save", id: String(row.id), token: "other", lander: "video" });
    expect(clash.status).toBe(400);

    expect((await post({ intent: "deactivate", id: String(row.id) })).status).toBe(302);
    expect((await link("edit-me"))!.active).toBe(false);
    expect((await post({ intent: "activate", id: String(row.id) })).status).toBe(302);
    expect((await link("edit-me"))!.active).toBe(true);
    // Unchecking "active" in the form switches it off as well.
    await post({ intent: "save", id: String(row.id), token: "edit-me", lander: "video" });
    expect((await link("edit-me"))!.active).toBe(false);
  });

  it("does not show, edit or switch another site's links", async () => {
    const foreign = await db().campaignLink.create({
      data: { siteId: otherSiteId, token: "foreign", lander: "video" },
      select: { id: true },
    });
    expect((await load(`?edit=${foreign.id}`)).status).toBe(404);
    expect((await load()).body!.links.map((l) => l.token)).not.toContain("foreign");
    const edit = await post({ intent: "save", id: String(foreign.id), token: "foreign", lander: "gallery" });
    expect(edit.status).toBe(404);
    expect((await post({ intent: "deactivate", id: String(foreign.id) })).status).toBe(404);
    const row = await db().campaignLink.findUniqueOrThrow({ where: { id: foreign.id } });
    expect(row).toMatchObject({ lander: "video", active: true });
  });

  it("is for staff only: members get 404, visitors the login page", async () => {
    const member = await createMember({ siteId });
    expect((await load("", member.userId)).status).toBe(404);
    const visitor = await load("", null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login?redirectTo=%2Fstaff%2Fcampaigns");
    const attempt = await post(
      { intent: "save", token: "sneaky", lander: "video" },
      undefined,
      member.userId,
    );
    expect(attempt.status).toBe(404);
    expect(await link("sneaky")).toBeNull();
  });
});
