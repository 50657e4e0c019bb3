// The staff log: every staff decision (a complaint handled or opened again, a photo approved or
// rejected, a direct-debit block lifted, a campaign link created, changed or switched, a mailing
// sent) appends exactly one row naming the staff member and the site, in the decision's own
// transaction, and each staff page lists its latest ones to its own site's staff only.
import type { ComponentType } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailing } from "~/domain/notifications/mailings.server";
import { approvePhoto } from "~/domain/photos/moderation.server";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import type { StaffActionKind } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { fileStorage } from "~/lib/storage.server";
import * as campaignsPage from "~/routes/staff.campaigns";
import * as complaintsPage from "~/routes/staff.complaints";
import * as mailingsPage from "~/routes/staff.mailings";
import * as paymentsPage from "~/routes/staff.payments";
import * as photosPage from "~/routes/staff.photos";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";

type Handler = (args: never, next: never) => unknown;
type PageData = { staffActions: StaffActionView[] };

const PAGES = {
  "/staff/complaints": complaintsPage,
  "/staff/photos": photosPage,
  "/staff/payments": paymentsPage,
  "/staff/campaigns": campaignsPage,
  "/staff/mailings": mailingsPage,
} as const;
type Path = keyof typeof PAGES;

let siteId: number;
let otherSiteId: number;
let staff: Member;
/** Staff of the other site (herzklopfen.de). */
let outsider: Member;

beforeAll(async () => {
  const sites = await seedBaseData(db());
  siteId = sites.nl;
  otherSiteId = sites.de;
  staff = await createMember({ siteId, role: "admin" });
  outsider = await createMember({ siteId: otherSiteId, role: "admin" });
});

afterAll(async () => {
  await stopJobs();
});

async function post(path: Path, form: Record<string, string>) {
  return runRoute(await siteRequest(path, staff.userId, { form }), PAGES[path].action as Handler);
}

/** The page's data as this site's staff, or (`outsider`) as the other site's staff on their own domain. */
async function load(path: Path, as: "staff" | "outsider" = "staff") {
  const request =
    as === "staff"
      ? await siteRequest(path, staff.userId)
      : new Request(`http://herzklopfen.de${path}`, {
          headers: { Cookie: await sessionCookie(outsider.userId), "X-Client-Ip": "10.9.8.6" },
        });
  const outcome = await runRoute<PageData>(request, PAGES[path].loader as Handler);
  expect(outcome.status, path).toBe(200);
  return outcome.body!;
}

/** The rows a step added, in order. */
async function rowsAfter(lastId: number) {
  return db().staffAction.findMany({
    where: { id: { gt: lastId } },
    orderBy: { id: "asc" },
    select: { siteId: true, staffId: true, action: true, targetType: true, targetId: true, detail: true },
  });
}

async function lastRowId() {
  const last = await db().staffAction.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return last?.id ?? 0;
}

/** Runs `step` and expects exactly the one row `action` about `targetId`, by the staff member, for the site. */
async function expectOneRow(
  step: () => Promise<unknown>,
  action: StaffActionKind,
  targetId: () => Promise<number> | number,
) {
  const before = await lastRowId();
  await step();
  const rows = await rowsAfter(before);
  expect(rows).toEqual([
    expect.objectContaining({ siteId, staffId: staff.userId, action, targetId: await targetId() }),
  ]);
  return rows[0]!;
}

async function expectNoRow(step: () => Promise<unknown>) {
  const before = await lastRowId();
  await step();
  expect(await rowsAfter(before)).toEqual([]);
}

describe("each staff decision writes one row with the staff member and the site", () => {
  it("a complaint handled, and opened again (keeping when it was handled)", async () => {
    const complaint = await db().complaint.create({
      data: { siteId, name: "Melder", email: "melder@example.com", category: "spam", description: "Spam" },
      select: { id: true },
    });
    const form = (intent: string) => ({ intent, complaintId: String(complaint.id) });
    await expectOneRow(
      () => post("/staff/complaints", form("handle")),
      "complaint_handled",
      () => complaint.id,
    );
    const { handledAt } = await db().complaint.findUniqueOrThrow({
      where: { id: complaint.id },
      select: { handledAt: true },
    });
    // Handled already: nothing changes, nothing is logged.
    await expectNoRow(() => post("/staff/complaints", form("handle")));
    const reopened = await expectOneRow(
      () => post("/staff/complaints", form("reopen")),
      "complaint_reopened",
      () => complaint.id,
    );
    expect(reopened).toMatchObject({
      targetType: "complaint",
      detail: { handledAt: handledAt!.toISOString() },
    });
  });

  it("a photo approved, another rejected with its reason", async () => {
    const member = await createMember({
      siteId,
      photos: [{ status: "inspection" }, { status: "inspection" }],
    });
    const [approved, rejected] = member.photoIds as [number, number];
    const storage = fileStorage();
    for (const photo of await db().photo.findMany({
      where: { profileId: member.profileId },
      select: { filename: true, thumbFilename: true },
    })) {
      await storage.write(photo.filename, Buffer.from("RIFF-photo"));
      await storage.write(photo.thumbFilename, Buffer.from("RIFF-photo"));
    }
    const approval = await expectOneRow(
      () => post("/staff/photos", { intent: "approve", photoId: String(approved) }),
      "photo_approved",
      () => approved,
    );
    expect(approval).toMatchObject({ targetType: "photo", detail: { profileId: member.profileId } });
    const rejection = await expectOneRow(
      () => post("/staff/photos", { intent: "reject", photoId: String(rejected), reason: "Onscherp" }),
      "photo_rejected",
      () => rejected,
    );
    expect(rejection.detail).toEqual({ profileId: member.profileId, reason: "Onscherp" });
    // Moderated already: no second row.
    await expectNoRow(() => post("/staff/photos", { intent: "approve", photoId: String(approved) }));
  });

  it("a direct-debit block lifted (keeping when it was set)", async () => {
    const member = await createMember({ siteId });
    const blockedAt = new Date(Date.now() - 3 * 24 * 3600_000);
    await db().user.update({ where: { id: member.userId }, data: { directDebitBlockedAt: blockedAt } });
    const form = { intent: "unblock", userId: String(member.userId) };
    const row = await expectOneRow(
      () => post("/staff/payments", form),
      "direct_debit_unblocked",
      () => member.userId,
    );
    expect(row).toMatchObject({ targetType: "user", detail: { blockedAt: blockedAt.toISOString() } });
    await expectNoRow(() => post("/staff/payments", form));
  });

  it("a campaign link created, changed, switched off and on", async () => {
    const fields = {
      intent: "save",
      token: "audit-link",
      lander: "gallery",
      slug: "",
      network: "adnet",
      ref: "",
      sub1: "",
      sub2: "",
      sub3: "",
      active: "on",
    };
    const id = async () =>
      (
        await db().campaignLink.findUniqueOrThrow({
          where: { siteId_token: { siteId, token: "audit-link" } },
          select: { id: true },
        })
      ).id;
    const created = await expectOneRow(() => post("/staff/campaigns", fields), "campaign_link_created", id);
    expect(created).toMatchObject({
      targetType: "campaign_link",
      detail: { token: "audit-link", lander: "gallery", network: "adnet", active: true },
    });
    const linkId = String(await id());
    const changed = await expectOneRow(
      () => post("/staff/campaigns", { ...fields, id: linkId, network: "othernet" }),
      "campaign_link_updated",
      id,
    );
    expect(changed.detail).toMatchObject({ token: "audit-link", network: "othernet" });
    await expectOneRow(
      () => post("/staff/campaigns", { intent: "deactivate", id: linkId }),
      "campaign_link_deactivated",
      id,
    );
    await expectNoRow(() => post("/staff/campaigns", { intent: "deactivate", id: linkId }));
    await expectOneRow(
      () => post("/staff/campaigns", { intent: "activate", id: linkId }),
      "campaign_link_activated",
      id,
    );
    // A refused save (the token of another link) logs nothing.
    await post("/staff/campaigns", { ...fields, token: "audit-other" });
    await expectNoRow(() => post("/staff/campaigns", { ...fields, id: linkId, token: "audit-other" }));
  });

  it("a mailing sent to the site's members", async () => {
    const { id } = await createMailing({
      siteId,
      createdById: staff.userId,
      kind: "news",
      language: "nl",
      subject: "Nieuws van de week",
      body: "Hallo.",
    });
    const form = { intent: "send", mailingId: String(id) };
    const row = await expectOneRow(
      () => post("/staff/mailings", form),
      "mailing_started",
      () => id,
    );
    expect(row).toMatchObject({
      targetType: "mailing",
      detail: { kind: "news", language: "nl", subject: "Nieuws van de week" },
    });
    await expectNoRow(() => post("/staff/mailings", form));
  });

  it("a decision whose row cannot be written does not happen either (one transaction)", async () => {
    const member = await createMember({ siteId, photos: [{ status: "inspection" }] });
    const [photoId] = member.photoIds as [number];
    // No such user: the row's foreign key fails, and the approval is rolled back with it.
    await expect(approvePhoto(photoId, { id: 2_000_000_000, siteId })).rejects.toThrow();
    expect(await db().photo.findUniqueOrThrow({ where: { id: photoId }, select: { status: true } })).toEqual({
      status: "inspection",
    });
  });
});

describe("the recent staff actions on each staff page", () => {
  it("shows the page's own actions to the site's staff: when, who, what", async () => {
    const expected: Record<Path, StaffActionKind[]> = {
      "/staff/complaints": ["complaint_reopened", "complaint_handled"],
      "/staff/photos": ["photo_rejected", "photo_approved"],
      "/staff/payments": ["direct_debit_unblocked"],
      "/staff/campaigns": [
        "campaign_link_created", // audit-other
        "campaign_link_activated",
        "campaign_link_deactivated",
        "campaign_link_updated",
        "campaign_link_created",
      ],
      "/staff/mailings": ["mailing_started"],
    };
    for (const [path, actions] of Object.entries(expected) as [Path, StaffActionKind[]][]) {
      const { staffActions } = await load(path);
      expect(
        staffActions.map((a) => a.action),
        path,
      ).toEqual(actions);
      expect(staffActions.every((a) => a.staff === staff.email)).toBe(true);
    }
    const payments = await load("/staff/payments");
    expect(payments.staffActions[0]!.values.member).toMatch(/@example\.com$/);
  });

  it("renders as plain HTML, translated", async () => {
    const data = await load("/staff/complaints");
    const { text } = renderRoute({
      Component: complaintsPage.default as ComponentType<never>,
      path: "/staff/complaints",
      url: "/staff/complaints",
      loaderData: data,
    });
    expect(text).toContain("Recente acties van medewerkers");
    expect(text).toContain(staff.email);
    expect(text).toMatch(/klacht #\d+ heropend/);
    const english = renderRoute({
      Component: photosPage.default as ComponentType<never>,
      path: "/staff/photos",
      url: "/staff/photos",
      loaderData: await load("/staff/photos"),
      locale: "en",
    });
    expect(english.text).toMatch(/rejected photo #\d+ \(Onscherp\)/);
  });

  it("shows staff of another site none of them", async () => {
    for (const path of Object.keys(PAGES) as Path[]) {
      const data = await load(path, "outsider");
      expect(data.staffActions, path).toEqual([]);
      expect(JSON.stringify(data)).not.toContain(staff.email);
    }
    expect(await db().staffAction.count({ where: { siteId: otherSiteId } })).toBe(0);
  });
});
