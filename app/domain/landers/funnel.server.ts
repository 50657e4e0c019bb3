// The funnel report: per lander, campaign token, network and sub1 over a period of the site's
// days, the visits and bounces (LanderVisit rows) and what became of the members who signed up in
// that period (signups, confirmed accounts, first purchases, net revenue of their paid payments in
// the period). Everything is aggregated in SQL; visits and members are read through their
// [siteId, createdAt] / [siteId, signupDate] indexes and each member's payments by the member's
// [userId, createdAt] index.
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import {
  DEFAULT_PERIOD_DAYS,
  MAX_PERIOD_DAYS,
  dimensionsOf,
  type FunnelCounts,
  type FunnelDimension,
  type FunnelGrouping,
  type FunnelReport,
  type FunnelRow,
  type Revenue,
} from "./funnel";

const DAY_MS = 24 * 3600_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's calendar day in a time zone, as YYYY-MM-DD. */
function siteToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

function parseDay(value: string | null | undefined): number | null {
  if (!value || !ISO_DAY.test(value)) return null;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value ? null : at;
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The report's days: the given ones when valid (turned round when reversed, at most 400 days,
 * ending at `to`), otherwise the last 7 days up to today in the site's time zone.
 */
export function funnelPeriod(
  input: { from?: string | null; to?: string | null },
  timeZone: string,
  now = new Date(),
): { from: string; to: string } {
  const today = parseDay(siteToday(now, timeZone))!;
  let to = parseDay(input.to) ?? today;
  let from = parseDay(input.from) ?? to - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS;
  if (from > to) [from, to] = [to, from];
  from = Math.max(from, to - (MAX_PERIOD_DAYS - 1) * DAY_MS);
  return { from: isoDay(from), to: isoDay(to) };
}

/** The instants the period runs between: `from`'s midnight up to the midnight after `to`, site time. */
async function periodBounds(period: { from: string; to: string }, timeZone: string) {
  const [row] = await db().$queryRaw<{ since: Date; until: Date }[]>`
    SELECT (${period.from}::date::timestamp AT TIME ZONE ${timeZone}) AS since,
      ((${period.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS until`;
  return row!;
}

interface FunnelQuery {
  siteId: number;
  since: Date;
  until: Date;
  dimensions: FunnelDimension[];
}

const visitKeys: Record<FunnelDimension, Prisma.Sql> = {
  lander: Prisma.sql`v.lander || coalesce('/' || nullif(v.slug, ''), '')`,
  campaign: Prisma.sql`v."campaignToken"`,
  network: Prisma.sql`v.network`,
  sub1: Prisma.sql`v.sub1`,
};

const memberKeys: Record<FunnelDimension, Prisma.Sql> = {
  lander: Prisma.sql`u.lander`,
  campaign: Prisma.sql`u."campaignToken"`,
  network: Prisma.sql`u.network`,
  sub1: Prisma.sql`u.sub1`,
};

function keyColumns(keys: Record<FunnelDimension, Prisma.Sql>, dimensions: FunnelDimension[]) {
  return Prisma.join(dimensions.map((d) => Prisma.sql`${keys[d]} AS ${Prisma.raw(`"${d}"`)}`));
}

const groupByKeys = (dimensions: FunnelDimension[]) =>
  Prisma.raw(dimensions.map((_, i) => String(i + 1)).join(", "));

/** Visits and bounces per group. */
function visitsSql({ siteId, since, until, dimensions }: FunnelQuery) {
  return Prisma.sql`SELECT ${keyColumns(visitKeys, dimensions)},
      count(*)::int AS visits, count(v."bouncedAt")::int AS bounces
    FROM "LanderVisit" v
    WHERE v."siteId" = ${siteId} AND v."createdAt" >= ${since}::timestamp AND v."createdAt" < ${until}::timestamp
    GROUP BY ${groupByKeys(dimensions)}`;
}

const periodMembers = (siteId: number, since: Date, until: Date) =>
  Prisma.sql`u."siteId" = ${siteId} AND u."signupDate" >= ${since}::timestamp AND u."signupDate" < ${until}::timestamp`;

/** Signups, confirmed accounts and members whose first paid payment fell in the period, per group. */
function membersSql({ siteId, since, until, dimensions }: FunnelQuery) {
  return Prisma.sql`SELECT ${keyColumns(memberKeys, dimensions)},
      count(*)::int AS signups,
      count(*) FILTER (WHERE u.status = 'confirmed')::int AS confirmed,
      count(*) FILTER (WHERE f.paid)::int AS "firstPurchases"
    FROM "User" u
    CROSS JOIN LATERAL (
      SELECT EXISTS (
        SELECT 1 FROM "Payment" p
        WHERE p."userId" = u.id AND p."createdAt" < ${until}::timestamp
          AND p.status = 'paid' AND p."paidAt" < ${until}::timestamp
      ) AS paid
    ) f
    WHERE ${periodMembers(siteId, since, until)}
    GROUP BY ${groupByKeys(dimensions)}`;
}

/** The period's paid payments of the period's new members, less refunds and chargebacks, per group and currency. */
function revenueSql({ siteId, since, until, dimensions }: FunnelQuery) {
  return Prisma.sql`SELECT ${keyColumns(memberKeys, dimensions)},
      p.currency, sum(p."amountCents")::bigint AS cents
    FROM "User" u
    CROSS JOIN LATERAL (
      SELECT c.currency, c."amountCents" - c."refundedCents" - c."chargedBackCents" AS "amountCents"
      FROM "Payment" c
      WHERE c."userId" = u.id AND c."createdAt" < ${until}::timestamp
        AND c.status = 'paid' AND c."paidAt" >= ${since}::timestamp AND c."paidAt" < ${until}::timestamp
      OFFSET 0
    ) p
    WHERE ${periodMembers(siteId, since, until)}
    GROUP BY ${groupByKeys(dimensions)}, ${Prisma.raw(String(dimensions.length + 1))}`;
}

type KeyedRow = Partial<Record<FunnelDimension, string | null>>;

const emptyCounts = (): FunnelCounts => ({
  visits: 0,
  bounces: 0,
  signups: 0,
  confirmed: 0,
  firstPurchases: 0,
  revenue: [],
});

function addRevenue(list: Revenue[], currency: string, cents: number) {
  const hit = list.find((r) => r.currency === currency);
  if (hit) hit.cents += cents;
  else list.push({ currency, cents });
}

const byAmount = (a: Revenue, b: Revenue) => b.cents - a.cents || a.currency.localeCompare(b.currency);

/** The report for a site over the given days, grouped as asked; rows with the most visits first. */
export async function funnelReport(input: {
  siteId: number;
  timeZone: string;
  period: { from: string; to: string };
  grouping: FunnelGrouping;
}): Promise<FunnelReport> {
  const dimensions = dimensionsOf(input.grouping);
  const { since, until } = await periodBounds(input.period, input.timeZone);
  const query = { siteId: input.siteId, since, until, dimensions };
  const [visits, members, revenue] = await Promise.all([
    db().$queryRaw<(KeyedRow & { visits: number; bounces: number })[]>(visitsSql(query)),
    db().$queryRaw<(KeyedRow & { signups: number; confirmed: number; firstPurchases: number })[]>(
      membersSql(query),
    ),
    db().$queryRaw<(KeyedRow & { currency: string; cents: bigint })[]>(revenueSql(query)),
  ]);

  const rows = new Map<string, FunnelRow>();
  const rowFor = (keyed: KeyedRow) => {
    const keys = Object.fromEntries(dimensions.map((d) => [d, keyed[d] ?? null])) as FunnelRow["keys"];
    const id = JSON.stringify(dimensions.map((d) => keys[d]));
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { keys, ...emptyCounts() }));
    return row;
  };
  for (const v of visits) Object.assign(rowFor(v), { visits: v.visits, bounces: v.bounces });
  for (const m of members) {
    Object.assign(rowFor(m), {
      signups: m.signups,
      confirmed: m.confirmed,
      firstPurchases: m.firstPurchases,
    });
  }
  for (const r of revenue) addRevenue(rowFor(r).revenue, r.currency, Number(r.cents));

  const totals = emptyCounts();
  for (const row of rows.values()) {
    row.revenue.sort(byAmount);
    totals.visits += row.visits;
    totals.bounces += row.bounces;
    totals.signups += row.signups;
    totals.confirmed += row.confirmed;
    totals.firstPurchases += row.firstPurchases;
    for (const r of row.revenue) addRevenue(totals.revenue, r.currency, r.cents);
  }
  totals.revenue.sort(byAmount);
  const keyText = (row: FunnelRow) => dimensions.map((d) => row.keys[d] ?? "").join("\u0000");
  const sorted = [...rows.values()].sort(
    (a, b) => b.visits - a.visits || b.signups - a.signups || keyText(a).localeCompare(keyText(b)),
  );
  return {
    ...input.period,
    timeZone: input.timeZone,
    grouping: input.grouping,
    dimensions,
    rows: sorted,
    totals,
    currencies: totals.revenue.map((r) => r.currency).sort(),
  };
}
