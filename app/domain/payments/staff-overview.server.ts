// The back office's overview (docs/product.md, Staff): one site's day at a glance, today, yesterday
// and the last 7 days side by side in the site's time zone, and the queues waiting for staff. One
// aggregate statement per table (FILTER clauses per period), all run side by side, each reading
// the ranges of an index (signups and confirmations per site, payments by the day they were paid,
// messages by time) rather than the tables.
import { startOfSiteDay } from "~/domain/likes/swipe-day";
import { db } from "~/lib/db.server";

export const OVERVIEW_PERIODS = ["today", "yesterday", "week"] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/** A figure per period. */
export type PerPeriod = Record<OverviewPeriod, number>;

/** The time ranges of the periods: [from, to). */
export type PeriodRanges = Record<OverviewPeriod, { from: Date; to: Date }>;

export interface StaffOverview {
  ranges: PeriodRanges;
  signups: PerPeriod;
  confirmations: PerPeriod;
  firstPurchases: PerPeriod;
  messages: PerPeriod;
  /** Paid payments minus refunds, in cents, per currency (currencies with any payment or refund). */
  revenue: { currency: string; cents: PerPeriod }[];
  openComplaints: number;
  openMessageReports: number;
  photosWaiting: number;
  refundsWaiting: number;
  directDebitsPending: number;
}

const DAY_MS = 86_400_000;

/**
 * Today, yesterday and the last 7 days (today and the six days before) as the site's calendar
 * has them: a day begins at midnight in `timeZone`, also across a clock change.
 */
export function overviewRanges(now: Date, timeZone: string): PeriodRanges {
  const today = startOfSiteDay(now, timeZone);
  const yesterday = startOfSiteDay(new Date(today.getTime() - 1), timeZone);
  // Half a day into each earlier day, then its start: a 23- or 25-hour day cannot skip one.
  const weekStart = startOfSiteDay(new Date(today.getTime() - 6 * DAY_MS + DAY_MS / 2), timeZone);
  return {
    today: { from: today, to: now },
    yesterday: { from: yesterday, to: today },
    week: { from: weekStart, to: now },
  };
}

type Counts = { today: number; yesterday: number; week: number };

const perPeriod = (row: Partial<Counts> | undefined): PerPeriod => ({
  today: Number(row?.today ?? 0),
  yesterday: Number(row?.yesterday ?? 0),
  week: Number(row?.week ?? 0),
});

/** The site's overview at `now`. */
export async function staffOverview(
  site: { id: number; timeZone: string },
  now = new Date(),
): Promise<StaffOverview> {
  const ranges = overviewRanges(now, site.timeZone);
  const { today, yesterday, week } = ranges;
  const start = week.from;
  const siteId = site.id;
  const [users, payments, refunds, messages, complaints, photos, directDebits] = await Promise.all([
    db().$queryRaw<{ signups: Counts; confirmations: Counts }[]>`
      SELECT json_build_object(
          'today', count(*) FILTER (WHERE "signupDate" >= ${today.from}),
          'yesterday', count(*) FILTER (WHERE "signupDate" >= ${yesterday.from} AND "signupDate" < ${yesterday.to}),
          'week', count(*) FILTER (WHERE "signupDate" >= ${start})) AS signups,
        json_build_object(
          'today', count(*) FILTER (WHERE "confirmedAt" >= ${today.from}),
          'yesterday', count(*) FILTER (WHERE "confirmedAt" >= ${yesterday.from} AND "confirmedAt" < ${yesterday.to}),
          'week', count(*) FILTER (WHERE "confirmedAt" >= ${start})) AS confirmations
      FROM "User"
      WHERE "siteId" = ${siteId} AND ("signupDate" >= ${start} OR "confirmedAt" >= ${start})`,
    // Per currency: the money paid and the members' first purchases (no payment paid before).
    db().$queryRaw<(Counts & { currency: string; first: Counts })[]>`
      SELECT currency,
        coalesce(sum("amountCents") FILTER (WHERE "paidAt" >= ${today.from}), 0)::int AS today,
        coalesce(sum("amountCents") FILTER (WHERE "paidAt" >= ${yesterday.from} AND "paidAt" < ${yesterday.to}), 0)::int AS yesterday,
        coalesce(sum("amountCents"), 0)::int AS week,
        json_build_object(
          'today', count(*) FILTER (WHERE first AND "paidAt" >= ${today.from}),
          'yesterday', count(*) FILTER (WHERE first AND "paidAt" >= ${yesterday.from} AND "paidAt" < ${yesterday.to}),
          'week', count(*) FILTER (WHERE first)) AS first
      FROM (
        SELECT p.currency, p."amountCents", p."paidAt", NOT EXISTS (
          SELECT 1 FROM "Payment" e
          WHERE e."userId" = p."userId" AND e."paidAt" < p."paidAt" AND e.status = 'paid'
        ) AS first
        FROM "Payment" p
        WHERE p."siteId" = ${siteId} AND p."paidAt" >= ${start} AND p.status = 'paid'
      ) paid
      GROUP BY currency`,
    // Refunds count on the day staff approved them; those still waiting for a decision apart.
    db().$queryRaw<(Counts & { currency: string | null; waiting: number })[]>`
      SELECT p.currency,
        coalesce(sum(r."amountCents") FILTER (WHERE r.status = 'refunded' AND r."decidedAt" >= ${today.from}), 0)::int AS today,
        coalesce(sum(r."amountCents") FILTER (WHERE r.status = 'refunded' AND r."decidedAt" >= ${yesterday.from} AND r."decidedAt" < ${yesterday.to}), 0)::int AS yesterday,
        coalesce(sum(r."amountCents") FILTER (WHERE r.status = 'refunded' AND r."decidedAt" >= ${start}), 0)::int AS week,
        count(*) FILTER (WHERE r.status = 'requested')::int AS waiting
      FROM "RefundRequest" r JOIN "Payment" p ON p.id = r."paymentId"
      WHERE p."siteId" = ${siteId} AND (r.status = 'requested' OR (r.status = 'refunded' AND r."decidedAt" >= ${start}))
      GROUP BY p.currency`,
    db().$queryRaw<Counts[]>`
      SELECT count(*) FILTER (WHERE m."createdAt" >= ${today.from})::int AS today,
        count(*) FILTER (WHERE m."createdAt" >= ${yesterday.from} AND m."createdAt" < ${yesterday.to})::int AS yesterday,
        count(*)::int AS week
      FROM "Message" m JOIN "Conversation" c ON c.id = m."conversationId"
      WHERE m."createdAt" >= ${start} AND c."siteId" = ${siteId}`,
    db().$queryRaw<{ complaints: number; reports: number }[]>`
      SELECT count(*) FILTER (WHERE NOT "isMessageReport")::int AS complaints,
        count(*) FILTER (WHERE "isMessageReport")::int AS reports
      FROM "Complaint" WHERE status = 'open' AND "siteId" = ${siteId}`,
    db().$queryRaw<{ waiting: number }[]>`
      SELECT count(*)::int AS waiting
      FROM "Photo" ph JOIN "Profile" p ON p.id = ph."profileId" JOIN "User" u ON u.id = p."userId"
      WHERE ph.status = 'inspection' AND u."siteId" = ${siteId}`,
    // Direct-debit orders whose collection Mollie has not settled yet.
    db().$queryRaw<{ pending: number }[]>`
      SELECT count(*)::int AS pending
      FROM "Payment" p JOIN "DirectDebitRequest" d ON d."paymentId" = p.id
      WHERE p.status IN ('open', 'pending', 'authorized') AND p."siteId" = ${siteId}`,
  ]);

  const revenue = new Map<string, PerPeriod>();
  const firstPurchases = perPeriod(undefined);
  for (const row of payments) {
    revenue.set(row.currency, perPeriod(row));
    for (const period of OVERVIEW_PERIODS) firstPurchases[period] += Number(row.first[period]);
  }
  let refundsWaiting = 0;
  for (const row of refunds) {
    refundsWaiting += row.waiting;
    if (!row.currency) continue;
    const cents = revenue.get(row.currency) ?? perPeriod(undefined);
    for (const period of OVERVIEW_PERIODS) cents[period] -= row[period];
    revenue.set(row.currency, cents);
  }
  return {
    ranges,
    signups: perPeriod(users[0]?.signups),
    confirmations: perPeriod(users[0]?.confirmations),
    firstPurchases,
    messages: perPeriod(messages[0]),
    revenue: [...revenue.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, cents]) => ({ currency, cents })),
    openComplaints: complaints[0]?.complaints ?? 0,
    openMessageReports: complaints[0]?.reports ?? 0,
    photosWaiting: photos[0]?.waiting ?? 0,
    refundsWaiting,
    directDebitsPending: directDebits[0]?.pending ?? 0,
  };
}
