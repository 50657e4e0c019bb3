// The back office's overview, member lookup and member page (docs/product.md, Staff): figures per
// day in the site's time zone, each kind of search, paging, and one member's page, always for the
// staff member's own site only.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { staffOverview } from "~/domain/payments/staff-overview.server";
import { recordStaffAction } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import * as overviewPage from "~/routes/staff";
import * as lookupPage from "~/routes/staff.members";
import * as memberPage from "~/routes/staff.members.$id";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

let siteId: number;
let otherSiteId: number;
let support: Member;
let admin: Member;
let packageId: number;

beforeAll(async () => {
  const sites = await seedBaseData(db());
  siteId = sites.nl;
  otherSiteId = sites.de;
  support = await createMember({ siteId, role: "support" });
  admin = await createMember({ siteId, role: "admin" });
  packageId = (await db().creditPackage.findFirstOrThrow({ where: { siteId }, select: { id: true } })).id;
});

const unique = () => randomUUID().slice(0, 8);

async function account(site: number, data: { signupDate: Date; confirmedAt?: Date }) {
  return db().user.create({
    data: { siteId: site, email: `overview-${unique()}@example.com`, status: "confirmed", ...data },
    select: { id: true },
  });
}

async function payment(
  userId: number,
  site: number,
  data: { amountCents: number; currency: string; paidAt?: Date; status?: "paid" | "open" | "pending" },
) {
  return db().payment.create({
    data: {
      userId,
      siteId: site,
      method: "ideal",
      credits: 100,
      status: data.status ?? "paid",
      amountCents: data.amountCents,
      currency: data.currency,
      paidAt: data.paidAt ?? null,
    },
    select: { id: true },
  });
}

async function directDebit(
  userId: number,
  site: number,
  paymentId: number | null,
  iban: string,
  phone: string,
) {
  await db().directDebitRequest.create({
    data: {
      userId,
      siteId: site,
      packageId,
      accountHolder: "A. de Vries",
      iban,
      ibanHash: `hash-${unique()}`,
      street: "Dorpsstraat",
      houseNumber: "1",
      zip: "1234 AB",
      city: "Utrecht",
      phone,
      amountCents: 1995,
      currency: "EUR",
      codeHash: "x",
      codeExpiresAt: new Date(),
      verifiedAt: new Date(),
      paymentId,
    },
  });
}

describe("the overview", () => {
  // Noon in Amsterdam (CET, UTC+1) on 10 March: today began at 9 March 23:00 UTC.
  const now = new Date("2026-03-10T11:00:00Z");
  const at = (iso: string) => new Date(iso);

  it("counts today, yesterday and the last 7 days in the site's time zone, this site only", async () => {
    const a = await account(siteId, {
      signupDate: at("2026-03-10T09:00:00Z"),
      confirmedAt: at("2026-03-10T09:30:00Z"),
    });
    // 00:30 in Amsterdam: today there, though still 9 March in UTC.
    const d = await account(siteId, { signupDate: at("2026-03-09T23:30:00Z") });
    const b = await account(siteId, { signupDate: at("2026-03-09T22:30:00Z") });
    const c = await account(siteId, {
      signupDate: at("2026-03-05T10:00:00Z"),
      confirmedAt: at("2026-03-09T12:00:00Z"),
    });
    await account(siteId, { signupDate: at("2026-02-28T10:00:00Z") });
    const other = await account(otherSiteId, {
      signupDate: at("2026-03-10T09:00:00Z"),
      confirmedAt: at("2026-03-10T09:00:00Z"),
    });

    const aPaid = await payment(a.id, siteId, {
      amountCents: 1995,
      currency: "EUR",
      paidAt: at("2026-03-10T09:40:00Z"),
    });
    await payment(a.id, siteId, { amountCents: 4995, currency: "EUR", status: "open" });
    const bFirst = await payment(b.id, siteId, {
      amountCents: 995,
      currency: "EUR",
      paidAt: at("2026-03-09T12:00:00Z"),
    });
    await payment(b.id, siteId, { amountCents: 1995, currency: "EUR", paidAt: at("2026-03-10T10:00:00Z") });
    await payment(c.id, siteId, { amountCents: 500, currency: "EUR", paidAt: at("2026-02-01T10:00:00Z") });
    await payment(c.id, siteId, { amountCents: 5000, currency: "PLN", paidAt: at("2026-03-07T10:00:00Z") });
    await payment(other.id, otherSiteId, {
      amountCents: 9999,
      currency: "EUR",
      paidAt: at("2026-03-10T09:00:00Z"),
    });
    await db().refundRequest.create({
      data: {
        paymentId: bFirst.id,
        userId: b.id,
        credits: 50,
        amountCents: 500,
        status: "refunded",
        decidedAt: at("2026-03-10T08:00:00Z"),
      },
    });
    await db().refundRequest.create({
      data: { paymentId: aPaid.id, userId: a.id, credits: 10, amountCents: 200, status: "requested" },
    });
    const pending = await payment(d.id, siteId, { amountCents: 1995, currency: "EUR", status: "pending" });
    await directDebit(d.id, siteId, pending.id, "NL02RABO0123456789", "+31600000000");

    const here = await db().conversation.create({
      data: { siteId, userAId: a.id, userBId: b.id, startedById: a.id },
      select: { id: true },
    });
    const there = await db().conversation.create({
      data: { siteId: otherSiteId, userAId: other.id, userBId: c.id, startedById: other.id },
      select: { id: true },
    });
    await db().message.createMany({
      data: [
        {
          conversationId: here.id,
          senderId: a.id,
          kind: "text",
          credits: 0,
          createdAt: at("2026-03-10T09:00:00Z"),
        },
        {
          conversationId: here.id,
          senderId: b.id,
          kind: "text",
          credits: 0,
          createdAt: at("2026-03-10T10:00:00Z"),
        },
        {
          conversationId: here.id,
          senderId: a.id,
          kind: "text",
          credits: 0,
          createdAt: at("2026-03-09T10:00:00Z"),
        },
        {
          conversationId: there.id,
          senderId: other.id,
          kind: "text",
          credits: 0,
          createdAt: at("2026-03-10T09:00:00Z"),
        },
      ],
    });
    const complaint = { name: "X", email: "x@example.com", category: "spam" as const, description: "…" };
    await db().complaint.createMany({
      data: [
        { siteId, ...complaint },
        { siteId, ...complaint, status: "handled" },
        { siteId, ...complaint, isMessageReport: true, messageRef: "1" },
        { siteId: otherSiteId, ...complaint },
      ],
    });
    await createMember({ siteId, photos: [{ status: "inspection" }, { status: "active" }] });
    await createMember({ siteId: otherSiteId, photos: [{ status: "inspection" }] });

    const overview = await staffOverview({ id: siteId, timeZone: "Europe/Amsterdam" }, now);
    expect(overview.signups).toEqual({ today: 2, yesterday: 1, week: 4 });
    expect(overview.confirmations).toEqual({ today: 1, yesterday: 1, week: 2 });
    expect(overview.firstPurchases).toEqual({ today: 1, yesterday: 1, week: 2 });
    // EUR: 19.95 + 19.95 today less the 5.00 refunded today; 9.95 yesterday. PLN: 50.00 this week.
    expect(overview.revenue).toEqual([
      { currency: "EUR", cents: { today: 3490, yesterday: 995, week: 4485 } },
      { currency: "PLN", cents: { today: 0, yesterday: 0, week: 5000 } },
    ]);
    expect(overview.messages).toEqual({ today: 2, yesterday: 1, week: 3 });
    expect(overview).toMatchObject({
      openComplaints: 1,
      openMessageReports: 1,
      photosWaiting: 1,
      refundsWaiting: 1,
      directDebitsPending: 1,
    });
  });

  it("shows the figures with links to the queues, money per currency", async () => {
    const outcome = await runRoute<{
      rows: { key: string; figures: Record<string, string> }[];
      queues: { key: string; to: string | null }[];
    }>(await siteRequest("/staff", support.userId), overviewPage.loader as never);
    expect(outcome.status).toBe(200);
    expect(outcome.body!.rows.map((row) => row.key)).toEqual(
      expect.arrayContaining(["signups", "confirmations", "firstPurchases", "messages"]),
    );
    const queues = Object.fromEntries(outcome.body!.queues.map((q) => [q.key, q.to]));
    expect(queues).toMatchObject({ complaints: "/staff/complaints", photos: "/staff/photos", refunds: null });
    const asAdmin = await runRoute<{ queues: { key: string; to: string | null }[] }>(
      await siteRequest("/staff", admin.userId),
      overviewPage.loader as never,
    );
    expect(asAdmin.body!.queues.find((q) => q.key === "refunds")!.to).toBe("/staff/payments");
  });
});

type Lookup = {
  error: string | null;
  found: { total: number; page: number; pages: number; hits: { userId: number; email: string }[] } | null;
};

async function lookUp(query: string, by: Member = support) {
  return runRoute<Lookup>(await siteRequest(`/staff/members${query}`, by.userId), lookupPage.loader as never);
}

const foundIds = (outcome: { body: Lookup | null }) => outcome.body!.found!.hits.map((hit) => hit.userId);

describe("the member lookup", () => {
  let member: Member;
  let stranger: Member;
  const key = unique();

  beforeAll(async () => {
    member = await createMember({
      siteId,
      email: `sanne.devries-${key}@example.com`,
      name: `Sannerella${key}`,
    });
    stranger = await createMember({
      siteId: otherSiteId,
      email: `sanne.devries-${key}@example.de`,
      name: `Sannerella${key}`,
    });
    const paid = await db().payment.create({
      data: {
        userId: member.userId,
        siteId,
        molliePaymentId: `tr_look${key}`,
        method: "ideal",
        amountCents: 1995,
        currency: "EUR",
        credits: 100,
        status: "paid",
        paidAt: new Date(),
      },
      select: { id: true },
    });
    await directDebit(member.userId, siteId, paid.id, "NL91ABNA0417164300", "+31612345678");
    await directDebit(stranger.userId, otherSiteId, null, "DE89370400440532014300", "+4915112345678");
  });

  it("finds a member by the whole address and by part of it, never another site's", async () => {
    expect(foundIds(await lookUp(`?q=${encodeURIComponent(member.email.toUpperCase())}`))).toEqual([
      member.userId,
    ]);
    expect(foundIds(await lookUp(`?q=devries-${key}`))).toEqual([member.userId]);
    expect(foundIds(await lookUp(`?q=${encodeURIComponent(`devries-${key}@example`)}`))).toEqual([
      member.userId,
    ]);
  });

  it("finds a member by part of the profile name", async () => {
    expect(foundIds(await lookUp(`?q=nnerella${key}`))).toEqual([member.userId]);
  });

  it("finds a member by member id and by profile id", async () => {
    expect(foundIds(await lookUp(`?q=${member.userId}`))[0]).toBe(member.userId);
    expect(foundIds(await lookUp(`?q=${stranger.userId}`))).not.toContain(stranger.userId);
    expect(foundIds(await lookUp(`?q=${member.profileId}`))).toContain(member.userId);
  });

  it("finds a member by Mollie payment id", async () => {
    expect(foundIds(await lookUp(`?q=tr_look${key}`))).toEqual([member.userId]);
    expect(foundIds(await lookUp(`?q=tr_nosuchpayment`))).toEqual([]);
  });

  it("finds a member by the last digits of an IBAN and by a phone number", async () => {
    // Both IBANs end in 4300; the other site's member is not found.
    expect(foundIds(await lookUp("?q=164300"))).toEqual([member.userId]);
    expect(foundIds(await lookUp(`?q=${encodeURIComponent("NL91 ABNA 0417 1643 00")}`))).toEqual([
      member.userId,
    ]);
    expect(foundIds(await lookUp(`?q=${encodeURIComponent("06-12345678")}`))).toEqual([member.userId]);
    expect(foundIds(await lookUp(`?q=${encodeURIComponent("+31 6 12345678")}`))).toEqual([member.userId]);
    expect(foundIds(await lookUp(`?q=${encodeURIComponent("+49 151 12345678")}`))).toEqual([]);
  });

  it("pages the results 25 at a time", async () => {
    const batch = unique();
    for (let n = 0; n < 30; n++) await createMember({ siteId, email: `page-${batch}-${n}@example.com` });
    const first = await lookUp(`?q=page-${batch}`);
    expect(first.body!.found).toMatchObject({ total: 30, page: 1, pages: 2 });
    expect(first.body!.found!.hits).toHaveLength(25);
    const second = await lookUp(`?q=page-${batch}&page=2`);
    expect(second.body!.found!.hits).toHaveLength(5);
    expect(new Set([...foundIds(first), ...foundIds(second)]).size).toBe(30);
    const beyond = await lookUp(`?q=page-${batch}&page=9`);
    expect(beyond.body!.found).toMatchObject({ total: 30, hits: [] });
  });

  it("lists the overview's signups of a period", async () => {
    const newest = await createMember({ siteId });
    const today = await lookUp("?list=signups&period=today");
    expect(foundIds(today)[0]).toBe(newest.userId);
    expect(today.body!.found!.total).toBeGreaterThan(30);
    const yesterday = await lookUp("?list=signups&period=yesterday");
    expect(foundIds(yesterday)).not.toContain(newest.userId);
    expect(foundIds(await lookUp("?list=confirmations&period=week"))).not.toContain(stranger.userId);
  });

  describe("malformed input", () => {
    it("explains a part too short or too long, and searches nothing", async () => {
      const short = await lookUp("?q=ab");
      expect(short.status).toBe(200);
      expect(short.body).toMatchObject({ found: null });
      expect(short.body!.error).toMatch(/minstens 3 tekens/);
      const long = await lookUp(`?q=${"x".repeat(400)}`);
      expect(long.body!.error).toMatch(/te lang/);
    });

    it("reads an unreadable page or list as the first page or nothing", async () => {
      const outcome = await lookUp(`?q=devries-${key}&page=abc`);
      expect(outcome.status).toBe(200);
      expect(outcome.body!.found).toMatchObject({ page: 1 });
      for (const query of ["?page=-1", "?list=everyone&period=always", `?q=${encodeURIComponent("%_\\'")}`]) {
        expect((await lookUp(query)).status).toBe(200);
      }
      expect(foundIds(await lookUp(`?q=${encodeURIComponent("%%%")}`))).toEqual([]);
    });
  });
});

describe("the member page", () => {
  let member: Member;

  beforeAll(async () => {
    member = await createMember({
      siteId,
      credits: 75,
      notificationsDisabled: ["bounce"],
      photos: [{ status: "active" }, { visibility: "private" }, { status: "inspection" }],
    });
    await db().photo.update({
      where: { id: member.photoIds[2]! },
      data: { status: "deleted", rejectionReason: "Geen gezicht te zien" },
    });
    await db().payment.create({
      data: {
        userId: member.userId,
        siteId,
        molliePaymentId: `tr_page${unique()}`,
        method: "creditcard",
        amountCents: 2495,
        currency: "EUR",
        credits: 150,
        status: "paid",
        paidAt: new Date(),
      },
    });
    await db().$transaction(async (tx) => {
      await tx.ban.create({
        data: {
          userId: member.userId,
          reason: "spam",
          note: "Stuurt reclame naar iedereen",
          previousStatus: "confirmed",
          bannedById: admin.userId,
        },
      });
      await tx.user.update({ where: { id: member.userId }, data: { status: "banned" } });
      await recordStaffAction(tx, { id: admin.userId, siteId }, "member_banned", member.userId, {
        reason: "Stuurt reclame naar iedereen",
        before: { status: "confirmed" },
        after: { status: "banned" },
      });
    });
  });

  type Page = {
    user: { email: string; credits: number };
    profile: { photos: { id: number; status: string; visibility: string; rejectionReason: string | null }[] };
    ledger: { entries: { delta: number; reference: string }[] };
    payments: { amount: string; method: string; status: string }[];
    currentBan: { reason: string; note: string } | null;
    staffActions: { action: string; staff: string; detail: string }[];
    actions: string[];
  };

  const open = async (id: string, by: Member = support, query = "") =>
    runRoute<Page>(await siteRequest(`/staff/members/${id}${query}`, by.userId), memberPage.loader as never, {
      id,
    });

  it("shows the account with every photo, the ledger, payments, the ban and the staff actions", async () => {
    const outcome = await open(String(member.userId));
    expect(outcome.status).toBe(200);
    const page = outcome.body!;
    expect(page.user).toMatchObject({ email: member.email, credits: 75 });
    const photos = Object.fromEntries(page.profile.photos.map((p) => [p.id, p]));
    expect(photos[member.photoIds[1]!]).toMatchObject({ visibility: "private", status: "active" });
    expect(photos[member.photoIds[2]!]).toMatchObject({
      status: "deleted",
      rejectionReason: "Geen gezicht te zien",
    });
    expect(page.ledger.entries).toEqual([expect.objectContaining({ delta: 75 })]);
    expect(page.payments).toEqual([
      expect.objectContaining({
        method: "creditcard",
        status: "paid",
        amount: expect.stringMatching(/€\s24,95/),
      }),
    ]);
    expect(page.currentBan).toMatchObject({ reason: "spam", note: "Stuurt reclame naar iedereen" });
    expect(page.staffActions).toEqual([
      expect.objectContaining({
        action: "member_banned",
        staff: admin.email,
        detail: expect.stringContaining("banned"),
      }),
    ]);
  });

  it("offers the actions that apply, and the admin's only to admins", async () => {
    const bySupport = (await open(String(member.userId))).body!.actions;
    expect(bySupport).toEqual(expect.arrayContaining(["lift-ban", "end-sessions", "mail-on"]));
    expect(bySupport).not.toEqual(expect.arrayContaining(["ban"]));
    expect(bySupport).not.toContain("credits");
    expect(bySupport).not.toContain("confirm-email");
    const byAdmin = (await open(String(member.userId), admin)).body!.actions;
    expect(byAdmin).toContain("credits");
    const unconfirmed = await createMember({ siteId, userStatus: "not_confirmed" });
    await db().user.update({
      where: { id: unconfirmed.userId },
      data: { lockedUntil: new Date(Date.now() + 600_000) },
    });
    expect((await open(String(unconfirmed.userId))).body!.actions).toEqual([
      "ban",
      "resend-activation",
      "confirm-email",
      "end-sessions",
      "unlock-login",
      "export",
    ]);
  });

  it("pages the ledger", async () => {
    const outcome = await open(String(member.userId), support, "?ledger=abc");
    expect(outcome.status).toBe(200);
    expect((await open(String(member.userId), support, "?ledger=5")).body!.ledger.entries).toEqual([]);
  });

  it("does not exist for another site's member, an unknown id or no id", async () => {
    const stranger = await createMember({ siteId: otherSiteId });
    expect((await open(String(stranger.userId))).status).toBe(404);
    expect((await open("abc")).status).toBe(404);
    expect((await open("99999999999")).status).toBe(404);
    expect((await open("0")).status).toBe(404);
    // A member (not staff) finds no such page; a fresh one, as an earlier test banned `member`.
    const plain = await createMember({ siteId });
    expect((await open(String(member.userId), plain)).status).toBe(404);
  });
});
