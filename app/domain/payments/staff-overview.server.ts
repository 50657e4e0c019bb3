// The back office's overview (docs/product.md, Staff): one site's day at a glance, today, yesterday
// and the last 7 days side by side in the site's time zone, and the queues waiting for staff. One
// aggregate statement per table (FILTER clauses per period), all run side by side, each reading
// the ranges of an index (signups and confirmations per site, payments by the day they were paid,
// messages by time) rather than the tables.
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { OVERVIEW_PERIODS, overviewRanges, type OverviewPeriod, type PeriodRanges } from "./overview-periods";

/** A figure per period. */
export type PerPeriod = Record<OverviewPeriod, number>;

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

type Counts = { today: number; yesterday: number; week: number };

/** `column` within a period's range. */
const within = (column: Prisma.Sql, { from, to }: { from: Date; to: Date }) =>
  Prisma.sql`${column} >= ${from} AND ${column} < ${to}`;

/** One aggregate per period, as the columns today, yesterday and week. */
const perPeriodColumns = (aggregate: (period: OverviewPeriod) => Prisma.Sql) =>
  Prisma.join(OVERVIEW_PERIODS.map((period) => Prisma.sql`${aggregate(period)} AS ${Prisma.raw(period)}`));

/** One aggregate per period, as one JSON object { today, yesterday, week }. */
const perPeriodJson = (aggregate: (period: OverviewPeriod) => Prisma.Sql) =>
  Prisma.sql`json_build_object(${Prisma.join(
    OVERVIEW_PERIODS.map((period) => Prisma.sql`${Prisma.raw(`'${period}'`)}, ${aggregate(period)}`),
  )})`;

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
  const { week } = ranges;
  const siteId = site.id;
  const [users, payments, refunds, messages, complaints, photos, directDebits] = await Promise.all([
    db().$queryRaw<{ signups: Counts; confirmations: Counts }[]>`
      SELECT ${perPeriodJson((period) => Prisma.sql`count(*) FILTER (WHERE ${within(Prisma.sql`"signupDate"`, ranges[period])})`)} AS signups,
        ${perPeriodJson((period) => Prisma.sql`count(*) FILTER (WHERE ${within(Prisma.sql`"confirmedAt"`, ranges[period])})`)} AS confirmations
      FROM "User"
      WHERE "siteId" = ${siteId}
        AND (${within(Prisma.sql`"signupDate"`, week)} OR ${within(Prisma.sql`"confirmedAt"`, week)})`,
    // Per currency: the money paid and the members' first purchases (no payment paid before).
    db().$queryRaw<(Counts & { currency: string; first: Counts })[]>`
      SELECT currency,
        ${perPeriodColumns((period) => Prisma.sql`coalesce(sum("amountCents") FILTER (WHERE ${within(Prisma.sql`"paidAt"`, ranges[period])}), 0)::int`)},
        ${perPeriodJson((period) => Prisma.sql`count(*) FILTER (WHERE first AND ${within(Prisma.sql`"paidAt"`, ranges[period])})`)} AS first
      FROM (
        SELECT p.currency, p."amountCents", p."paidAt", NOT EXISTS (
          SELECT 1 FROM "Payment" e
          WHERE e."userId" = p."userId" AND e."paidAt" < p."paidAt" AND e.status = 'paid'
        ) AS first
        FROM "Payment" p
        WHERE p."siteId" = ${siteId} AND ${within(Prisma.sql`p."paidAt"`, week)} AND p.status = 'paid'
      ) paid
      GROUP BY currency`,
    // Refunds count on the day staff approved them; those still waiting for a decision apart.
    db().$queryRaw<(Counts & { currency: string | null; waiting: number })[]>`
      SELECT p.currency,
        ${perPeriodColumns((period) => Prisma.sql`coalesce(sum(r."amountCents") FILTER (WHERE r.status = 'refunded' AND ${within(Prisma.sql`r."decidedAt"`, ranges[period])}), 0)::int`)},
        count(*) FILTER (WHERE r.status = 'requested')::int AS waiting
      FROM "RefundRequest" r JOIN "Payment" p ON p.id = r."paymentId"
      WHERE p."siteId" = ${siteId}
        AND (r.status = 'requested' OR (r.status = 'refunded' AND ${within(Prisma.sql`r."decidedAt"`, week)}))
      GROUP BY p.currency`,
    db().$queryRaw<Counts[]>`
      SELECT ${perPeriodColumns((period) => Prisma.sql`count(*) FILTER (WHERE ${within(Prisma.sql`m."createdAt"`, ranges[period])})::int`)}
      FROM "Message" m JOIN "Conversation" c ON c.id = m."conversationId"
      WHERE ${within(Prisma.sql`m."createdAt"`, week)} AND c."siteId" = ${siteId}`,
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
