// The funnel report (/staff/funnel): counts per lander, campaign token, network and sub1 on seeded
// rows, the period's edges at the site's midnight, the CSV download (escaping, formula guard), staff
// only, and the queries reading the growing tables through indexes.
import { beforeAll, describe, expect, it } from "vitest";
import type { FunnelReport } from "~/domain/landers/funnel";
import { funnelPeriod } from "~/domain/landers/funnel.server";
import { db } from "~/lib/db.server";
import * as funnelPage from "~/routes/staff.funnel";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { planOf, withSentStatements } from "../fixtures/sent-statements";

let siteId: number;
let otherSiteId: number;
let staff: Member;

// 10-12 June 2025 in Amsterdam (CEST, UTC+2): from 9 June 22:00 UTC up to 12 June 22:00 UTC.
const SINCE = Date.parse("2025-06-09T22:00:00Z");
const UNTIL = Date.parse("2025-06-12T22:00:00Z");
const PERIOD = "from=2025-06-10&to=2025-06-12";
const at = (ms: number) => new Date(ms);
const inside = at(SINCE + 36 * 3600_000);

interface Visit {
  lander: string;
  slug?: string;
  campaignToken?: string;
  network?: string;
  sub1?: string;
  bounced?: boolean;
  createdAt: Date;
  site?: number;
}

async function visits(list: Visit[]) {
  await db().landerVisit.createMany({
    data: list.map((v) => ({
      siteId: v.site ?? siteId,
      lander: v.lander,
      slug: v.slug ?? null,
      campaignToken: v.campaignToken ?? null,
      network: v.network ?? null,
      sub1: v.sub1 ?? null,
      bouncedAt: v.bounced ? v.createdAt : null,
      createdAt: v.createdAt,
    })),
  });
}

interface Signup {
  lander?: string;
  campaignToken?: string;
  network?: string;
  sub1?: string;
  confirmed?: boolean;
  signupDate: Date;
  payments?: {
    cents: number;
    currency?: string;
    paidAt: Date | null;
    status?: "paid" | "failed";
    refundedCents?: number;
    chargedBackCents?: number;
  }[];
  site?: number;
}

async function signup(s: Signup) {
  const member = await createMember({
    siteId: s.site ?? siteId,
    signupDate: s.signupDate,
    userStatus: s.confirmed === false ? "not_confirmed" : "confirmed",
  });
  await db().user.update({
    where: { id: member.userId },
    data: {
      lander: s.lander ?? null,
      campaignToken: s.campaignToken ?? null,
      network: s.network ?? null,
      sub1: s.sub1 ?? null,
    },
    select: { id: true },
  });
  for (const p of s.payments ?? []) {
    await db().payment.create({
      data: {
        userId: member.userId,
        siteId: s.site ?? siteId,
        method: "ideal",
        amountCents: p.cents,
        currency: p.currency ?? "EUR",
        credits: 100,
        status: p.status ?? "paid",
        createdAt: p.paidAt ?? s.signupDate,
        paidAt: p.paidAt,
        refundedCents: p.refundedCents ?? 0,
        chargedBackCents: p.chargedBackCents ?? 0,
      },
      select: { id: true },
    });
  }
  return member;
}

beforeAll(async () => {
  const sites = await seedBaseData(db());
  siteId = sites.nl;
  otherSiteId = sites.de;
  staff = await createMember({ siteId, role: "admin" });
  await visits([
    // gallery/utrecht from the "spring" link: 4 in the period (one on each edge), 2 bounced.
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "a",
      createdAt: at(SINCE),
    },
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "a",
      createdAt: inside,
      bounced: true,
    },
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "b",
      createdAt: inside,
      bounced: true,
    },
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "b",
      createdAt: at(UNTIL - 1),
    },
    // Just outside the period on both sides.
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "a",
      createdAt: at(SINCE - 1),
    },
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "a",
      createdAt: at(UNTIL),
    },
    // tinderswipe without a campaign link, with a sub1 a spreadsheet would take for a formula.
    { lander: "tinderswipe", network: "net2", sub1: '=HYPERLINK("x")', createdAt: inside },
    { lander: "tinderswipe", network: "net2", sub1: '=HYPERLINK("x")', createdAt: inside, bounced: true },
    { lander: "tinderswipe", network: "net2", sub1: "a,b", createdAt: inside },
    // Another site's traffic does not count here.
    {
      lander: "gallery",
      slug: "utrecht",
      campaignToken: "spring",
      network: "net1",
      sub1: "a",
      createdAt: inside,
      site: otherSiteId,
    },
  ]);
  // Signed up in the period from gallery/utrecht: one confirmed who bought twice, one unconfirmed.
  await signup({
    lander: "gallery/utrecht",
    campaignToken: "spring",
    network: "net1",
    sub1: "a",
    signupDate: at(SINCE),
    payments: [
      { cents: 1995, paidAt: inside },
      { cents: 3995, paidAt: at(UNTIL - 1) },
      { cents: 7995, paidAt: at(UNTIL) }, // after the period: not its revenue
      { cents: 2995, paidAt: inside, refundedCents: 1995, chargedBackCents: 1000 }, // all given back
    ],
  });
  await signup({
    lander: "gallery/utrecht",
    campaignToken: "spring",
    network: "net1",
    sub1: "b",
    confirmed: false,
    signupDate: inside,
  });
  // From tinderswipe: a purchase in złoty, a failed one, and a member who never bought.
  await signup({
    lander: "tinderswipe",
    network: "net2",
    sub1: '=HYPERLINK("x")',
    signupDate: inside,
    payments: [
      { cents: 8995, currency: "PLN", paidAt: inside },
      { cents: 1995, paidAt: null, status: "failed" },
    ],
  });
  await signup({ lander: "tinderswipe", network: "net2", sub1: "a,b", signupDate: at(UNTIL - 1) });
  // Not in the period: signed up before it (bought in it), or at its end; and another site's member.
  await signup({
    lander: "gallery/utrecht",
    campaignToken: "spring",
    network: "net1",
    sub1: "a",
    signupDate: at(SINCE - 1),
    payments: [{ cents: 1995, paidAt: inside }],
  });
  await signup({
    lander: "gallery/utrecht",
    campaignToken: "spring",
    network: "net1",
    sub1: "a",
    signupDate: at(UNTIL),
  });
  await signup({
    lander: "gallery/utrecht",
    campaignToken: "spring",
    site: otherSiteId,
    signupDate: inside,
    payments: [{ cents: 1995, paidAt: inside }],
  });
  // A member who came without a lander.
  await signup({ signupDate: inside });
});

async function report(query: string, userId: number | null = staff.userId) {
  return runRoute<{ report: FunnelReport }>(
    await siteRequest(`/staff/funnel?${query}`, userId),
    funnelPage.loader as never,
  );
}

/** The CSV download: the route's middleware answers `?format=csv` with a file. */
async function csv(query: string, userId: number | null = staff.userId) {
  let response: Response | undefined;
  const outcome = await runRoute(await siteRequest(`/staff/funnel?${query}&format=csv`, userId), [
    async (args: never) => {
      const value = await funnelPage.middleware[0]!(args, (async () => new Response(null)) as never);
      if (value instanceof Response) response = value;
      return value;
    },
  ] as never);
  return { outcome, response };
}

describe("the funnel report", () => {
  it("counts visits, bounces, signups, confirmations, first purchases and revenue per lander", async () => {
    const { status, body } = await report(`${PERIOD}&group=lander`);
    expect(status).toBe(200);
    const r = body!.report;
    expect(r).toMatchObject({ from: "2025-06-10", to: "2025-06-12", timeZone: "Europe/Amsterdam" });
    expect(r.rows).toEqual([
      {
        keys: { lander: "gallery/utrecht" },
        visits: 4,
        bounces: 2,
        signups: 2,
        confirmed: 1,
        firstPurchases: 1,
        revenue: [{ currency: "EUR", cents: 5990 }],
      },
      {
        keys: { lander: "tinderswipe" },
        visits: 3,
        bounces: 1,
        signups: 2,
        confirmed: 2,
        firstPurchases: 1,
        revenue: [{ currency: "PLN", cents: 8995 }],
      },
      {
        keys: { lander: null },
        visits: 0,
        bounces: 0,
        signups: 1,
        confirmed: 1,
        firstPurchases: 0,
        revenue: [],
      },
    ]);
    expect(r.totals).toEqual({
      visits: 7,
      bounces: 3,
      signups: 5,
      confirmed: 4,
      firstPurchases: 2,
      revenue: [
        { currency: "PLN", cents: 8995 },
        { currency: "EUR", cents: 5990 },
      ],
    });
  });

  it("groups by campaign token, network, sub1, or all four", async () => {
    const byCampaign = (await report(`${PERIOD}&group=campaign`)).body!.report.rows;
    expect(byCampaign.map((r) => [r.keys.campaign, r.visits, r.signups])).toEqual([
      ["spring", 4, 2],
      [null, 3, 3],
    ]);
    const byNetwork = (await report(`${PERIOD}&group=network`)).body!.report.rows;
    expect(byNetwork.map((r) => [r.keys.network, r.visits, r.signups])).toEqual([
      ["net1", 4, 2],
      ["net2", 3, 2],
      [null, 0, 1],
    ]);
    const bySub1 = (await report(`${PERIOD}&group=sub1`)).body!.report.rows;
    expect(bySub1.map((r) => [r.keys.sub1, r.visits, r.bounces, r.signups, r.firstPurchases])).toEqual([
      ['=HYPERLINK("x")', 2, 1, 1, 1],
      ["a", 2, 1, 1, 1],
      ["b", 2, 1, 1, 0],
      ["a,b", 1, 0, 1, 0],
      [null, 0, 0, 1, 0],
    ]);
    const detail = (await report(`${PERIOD}&group=detail`)).body!.report;
    expect(detail.dimensions).toEqual(["lander", "campaign", "network", "sub1"]);
    expect(detail.rows[0]).toMatchObject({
      keys: { lander: "gallery/utrecht", campaign: "spring", network: "net1", sub1: "a" },
      visits: 2,
      signups: 1,
      revenue: [{ currency: "EUR", cents: 5990 }],
    });
    expect(detail.totals.visits).toBe(7);
  });

  it("takes the period's days in the site's time zone", async () => {
    // 12 June alone: only what happened from 11 June 22:00 UTC.
    const lastDay = (await report("from=2025-06-12&to=2025-06-12")).body!.report;
    expect(lastDay.totals).toMatchObject({ visits: 1, signups: 1 });
    // 9 June holds the visit one millisecond before the period and the early signup.
    const dayBefore = (await report("from=2025-06-09&to=2025-06-09")).body!.report;
    expect(dayBefore.totals).toMatchObject({ visits: 1, signups: 1, firstPurchases: 0 });
    // 13 June (Amsterdam) starts at the period's end.
    const dayAfter = (await report("from=2025-06-13&to=2025-06-13")).body!.report;
    expect(dayAfter.totals).toMatchObject({ visits: 1, signups: 1 });
  });

  it("defaults to the last 7 days and repairs a reversed or unreadable period", () => {
    const now = new Date("2025-06-12T22:30:00Z"); // already 13 June in Amsterdam
    expect(funnelPeriod({}, "Europe/Amsterdam", now)).toEqual({ from: "2025-06-07", to: "2025-06-13" });
    expect(funnelPeriod({}, "UTC", now)).toEqual({ from: "2025-06-06", to: "2025-06-12" });
    expect(funnelPeriod({ from: "2025-06-12", to: "2025-06-10" }, "UTC", now)).toEqual({
      from: "2025-06-10",
      to: "2025-06-12",
    });
    expect(funnelPeriod({ from: "2025-02-30", to: "nonsense" }, "UTC", now)).toEqual({
      from: "2025-06-06",
      to: "2025-06-12",
    });
    expect(funnelPeriod({ from: "2020-01-01", to: "2025-06-12" }, "UTC", now).from).toBe("2024-05-09");
  });

  it("downloads the report as CSV with escaped cells and defused formulas", async () => {
    const { response } = await csv(`${PERIOD}&group=sub1`);
    expect(response!.status).toBe(200);
    expect(response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response!.headers.get("Content-Disposition")).toBe(
      'attachment; filename="funnel-sub1-2025-06-10-2025-06-12.csv"',
    );
    const lines = (await response!.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Sub1,Bezoeken,Bounces,Aanmeldingen,Bevestigde accounts,Eerste aankopen,Omzet EUR,Omzet PLN",
    );
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",2,1,1,1,1,0.00,89.95`);
    expect(lines[2]).toBe("a,2,1,1,1,1,59.90,0.00");
    expect(lines).toContain('"a,b",1,0,1,1,0,0.00,0.00');
    expect(lines).toContain(",0,0,1,1,0,0.00,0.00");
    expect(lines.at(-2)).toBe("Totaal,7,3,5,4,2,59.90,89.95");
    expect(lines.at(-1)).toBe("");
  });

  it("is for staff only: members get 404, visitors the login page", async () => {
    const member = await createMember({ siteId });
    expect((await report(PERIOD, member.userId)).status).toBe(404);
    const visitor = await report(PERIOD, null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/login?redirectTo=${encodeURIComponent(`/staff/funnel?${PERIOD}`)}`);
    expect((await csv(PERIOD, member.userId)).outcome.status).toBe(404);
    const anonymous = await csv(PERIOD, null);
    expect(anonymous.outcome.status).toBe(302);
    expect(anonymous.response).toBeUndefined();
  });

  it("reads the growing tables through indexes only (no sequential scan)", async () => {
    const year = 365 * 24 * 3600_000;
    const start = UNTIL - year;
    const users = await db().user.createManyAndReturn({
      data: Array.from({ length: 6000 }, (_, i) => ({
        siteId: i % 5 === 0 ? otherSiteId : siteId,
        email: `bulk-funnel-${i}@example.com`,
        lander: i % 3 === 0 ? "gallery" : "tinderswipe",
        network: `net${i % 7}`,
        sub1: `s${i % 11}`,
        status: i % 2 === 0 ? ("confirmed" as const) : ("not_confirmed" as const),
        signupDate: at(start + (i * year) / 6000),
      })),
      select: { id: true, signupDate: true },
    });
    await db().landerVisit.createMany({
      data: Array.from({ length: 20000 }, (_, i) => ({
        siteId: i % 5 === 0 ? otherSiteId : siteId,
        lander: i % 3 === 0 ? "gallery" : "tinderswipe",
        slug: i % 2 === 0 ? "utrecht" : null,
        campaignToken: `c${i % 4}`,
        network: `net${i % 7}`,
        sub1: `s${i % 11}`,
        bouncedAt: i % 4 === 0 ? at(start + (i * year) / 20000) : null,
        createdAt: at(start + (i * year) / 20000),
      })),
    });
    await db().payment.createMany({
      data: users.slice(0, 4000).map((u, i) => ({
        userId: u.id,
        siteId,
        method: "ideal",
        amountCents: 1995,
        currency: "EUR",
        credits: 100,
        status: i % 3 === 0 ? ("failed" as const) : ("paid" as const),
        createdAt: u.signupDate,
        paidAt: i % 3 === 0 ? null : u.signupDate,
      })),
    });
    await db().$executeRawUnsafe(`ANALYZE "User", "LanderVisit", "Payment"`);
    for (const group of ["lander", "detail"]) {
      const { result, statements } = await withSentStatements(() => report(`${PERIOD}&group=${group}`));
      expect(result.status).toBe(200);
      // The visits, the members and the revenue, each aggregated in one statement.
      const aggregates = statements.filter(
        (s) => /\bGROUP BY\b/.test(s.text) && /FROM "(LanderVisit|User)"/.test(s.text),
      );
      expect(aggregates, group).toHaveLength(3);
      for (const statement of aggregates) {
        const text = await planOf(statement);
        if (process.env.SHOW_PLANS) console.log(`${group}:\n${text}`);
        expect(text, `${group}:\n${text}`).not.toMatch(/Seq Scan on "(User|LanderVisit|Payment)"/);
        expect(text, `${group}:\n${text}`).not.toMatch(/Hash Join|Merge Join|Bitmap Heap Scan on "Payment"/);
      }
    }
  });
});
