// What /staff/payments lists, for the staff member's site: recent payments (filtered, searched, paged), refund requests, and
// chargebacks or refunds whose credits could not all be taken back. Every query reads through an
// index (no sequential scan over the growing tables): the page of rows is chosen first, and each
// row's member (and payment) is then looked up by primary key (a LATERAL lookup the planner cannot
// turn into a join over the whole table).
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { BlockedMemberView, StaffPaymentStatus, StaffPaymentView, StaffRefundView } from "./refund-view";

const STAFF_PAYMENTS_PAGE_SIZE = 50;
/** Chargebacks come up to 13 months after a payment (SEPA); older payments are not searched for them. */
const CHARGEBACK_WINDOW_DAYS = 400;
/** Decided refund requests stay listed this long. */
const DECIDED_WINDOW_DAYS = 30;

const paymentColumns = Prisma.sql`
  p.id, p."userId", u.email, p."molliePaymentId", p.method, p."amountCents", p.currency, p.credits,
  p.status::text AS status, p."createdAt", p."paidAt", p."refundedCents", p."chargedBackCents",
  p."creditsNotRecovered", u."directDebitBlockedAt"`;

/** The member of each row `p`, by primary key (OFFSET 0 keeps it a per-row lookup). */
const memberOfPayment = Prisma.sql`CROSS JOIN LATERAL (
    SELECT m.email, m."directDebitBlockedAt" FROM "User" m WHERE m.id = p."userId" OFFSET 0
  ) u`;

interface StaffPaymentRow {
  id: number;
  userId: number;
  email: string;
  molliePaymentId: string | null;
  method: string;
  amountCents: number;
  currency: string;
  credits: number;
  status: StaffPaymentStatus;
  createdAt: Date;
  paidAt: Date | null;
  refundedCents: number;
  chargedBackCents: number;
  creditsNotRecovered: number;
  directDebitBlockedAt: Date | null;
}

/** What the search box holds: a Mollie id, a payment number, or a member's e-mail address. */
type PaymentSearch =
  | { kind: "none" }
  | { kind: "mollie"; id: string }
  | { kind: "payment"; id: number }
  | { kind: "email"; email: string };

export function parsePaymentSearch(value: string | null | undefined): PaymentSearch {
  const q = (value ?? "").trim();
  if (!q) return { kind: "none" };
  if (/^tr_\w+$/.test(q)) return { kind: "mollie", id: q };
  const number = /^#?(\d{1,9})$/.exec(q);
  if (number) return { kind: "payment", id: Number(number[1]) };
  return { kind: "email", email: q.toLowerCase() };
}

interface PaymentListFilter {
  /** The staff member's site: only its payments. */
  siteId: number;
  status?: StaffPaymentStatus;
  search: PaymentSearch;
  /** Only payments older than this one (the id of the last row of the previous page). */
  before?: number;
}

/**
 * Newest first. Without a filter by the primary key (ids grow with time); filtered by status or
 * member, by [status, createdAt] or [userId, createdAt]; a member by e-mail through
 * [siteId, email].
 */
function staffPaymentsSql(filter: PaymentListFilter, take = STAFF_PAYMENTS_PAGE_SIZE + 1) {
  const { siteId, status, search, before } = filter;
  const conditions: Prisma.Sql[] = [Prisma.sql`p."siteId" = ${siteId}`];
  if (status) conditions.push(Prisma.sql`p.status = ${status}::"PaymentStatus"`);
  if (search.kind === "mollie") conditions.push(Prisma.sql`p."molliePaymentId" = ${search.id}`);
  if (search.kind === "payment") conditions.push(Prisma.sql`p.id = ${search.id}`);
  if (search.kind === "email") {
    conditions.push(Prisma.sql`p."userId" IN (
      SELECT m.id FROM "User" m WHERE m."siteId" = ${siteId} AND m.email = ${search.email})`);
  }
  const byTime = status !== undefined || search.kind === "email";
  if (before !== undefined) {
    conditions.push(
      byTime
        ? Prisma.sql`(p."createdAt", p.id) < (SELECT c."createdAt", c.id FROM "Payment" c WHERE c.id = ${before})
            AND p."createdAt" <= (SELECT c."createdAt" FROM "Payment" c WHERE c.id = ${before})`
        : Prisma.sql`p.id < ${before}`,
    );
  }
  const where = Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
  const order = byTime ? Prisma.sql`p."createdAt" DESC, p.id DESC` : Prisma.sql`p.id DESC`;
  return Prisma.sql`SELECT ${paymentColumns}
    FROM (SELECT * FROM "Payment" p ${where} ORDER BY ${order} LIMIT ${take}) p
    ${memberOfPayment}
    ORDER BY ${order}`;
}

/** A page of payments, and the id to continue from when there are older ones. */
async function staffPayments(filter: PaymentListFilter) {
  const rows = await db().$queryRaw<StaffPaymentRow[]>(staffPaymentsSql(filter));
  const more = rows.length > STAFF_PAYMENTS_PAGE_SIZE;
  const payments = rows.slice(0, STAFF_PAYMENTS_PAGE_SIZE);
  return { payments, nextBefore: more ? payments.at(-1)!.id : null };
}

/**
 * Paid payments of the last 13 months with a chargeback, or with credits a chargeback or refund
 * could not take back, newest first. There is no index on those amounts, so the window is read
 * month by month through [status, createdAt] (a month is a small range of that index, however
 * large the table grows), never as one scan over all payments.
 */
function chargebacksSql(siteId: number, now: Date, take = 50) {
  const months = Math.ceil(CHARGEBACK_WINDOW_DAYS / 31);
  return Prisma.sql`SELECT ${paymentColumns}
    FROM (
      SELECT w.* FROM generate_series(0, ${months - 1}::int) AS month(n)
      CROSS JOIN LATERAL (
        SELECT * FROM "Payment" c
        WHERE c.status = 'paid' AND c."siteId" = ${siteId}
          AND c."createdAt" >= ${now}::timestamp - (month.n + 1) * interval '31 days'
          AND c."createdAt" < ${now}::timestamp - month.n * interval '31 days'
          AND (c."chargedBackCents" > 0 OR c."creditsNotRecovered" > 0)
        OFFSET 0
      ) w
      ORDER BY w."createdAt" DESC, w.id DESC LIMIT ${take}
    ) p
    ${memberOfPayment}
    ORDER BY p."createdAt" DESC, p.id DESC`;
}

function chargebacks(siteId: number, now = new Date()) {
  return db().$queryRaw<StaffPaymentRow[]>(chargebacksSql(siteId, now));
}

interface StaffRefundRow {
  id: number;
  paymentId: number;
  userId: number;
  email: string;
  credits: number;
  amountCents: number;
  currency: string;
  reason: string;
  status: "requested" | "approved" | "rejected" | "refunded" | "failed";
  createdAt: Date;
  decidedAt: Date | null;
  mollieRefundId: string | null;
  paidAt: Date | null;
  /** The member's balance now: below `credits`, an approval refunds only the credits left. */
  balance: number;
}

/** A page of requests `r` (chosen first) with each one's payment and member, by primary key. */
function refundsWithDetails(page: Prisma.Sql, order: Prisma.Sql) {
  return Prisma.sql`SELECT
      r.id, r."paymentId", r."userId", u.email, r.credits, r."amountCents", p.currency, r.reason,
      r.status::text AS status, r."createdAt", r."decidedAt", r."mollieRefundId", p."paidAt",
      u.credits AS balance
    FROM (${page}) r
    CROSS JOIN LATERAL (
      SELECT c.currency, c."paidAt" FROM "Payment" c WHERE c.id = r."paymentId" OFFSET 0
    ) p
    CROSS JOIN LATERAL (
      SELECT m.email, m.credits FROM "User" m WHERE m.id = r."userId" OFFSET 0
    ) u
    ORDER BY ${order}`;
}

/**
 * Whether request `r` is of a member of the site: a scalar subquery by primary key per request
 * (EXISTS would be turned into a join over the whole User table).
 */
const ofSite = (siteId: number) =>
  Prisma.sql`(SELECT s."siteId" FROM "User" s WHERE s.id = r."userId") = ${siteId}`;

/** Requests waiting for a decision (or an approval under way), oldest first (index [status, createdAt]). */
function openRefundsSql(siteId: number, take = 200) {
  const order = Prisma.sql`r."createdAt", r.id`;
  return refundsWithDetails(
    Prisma.sql`SELECT * FROM "RefundRequest" r
      WHERE r.status IN ('requested', 'approved') AND ${ofSite(siteId)} ORDER BY ${order} LIMIT ${take}`,
    order,
  );
}

/** Requests decided in the last 30 days (created in that window), newest first. */
function decidedRefundsSql(siteId: number, now: Date, take = 50) {
  const since = new Date(now.getTime() - DECIDED_WINDOW_DAYS * 24 * 3600_000);
  const order = Prisma.sql`r."createdAt" DESC, r.id DESC`;
  return refundsWithDetails(
    Prisma.sql`SELECT * FROM "RefundRequest" r
      WHERE r.status IN ('refunded', 'rejected', 'failed') AND r."createdAt" >= ${since} AND ${ofSite(siteId)}
      ORDER BY ${order} LIMIT ${take}`,
    order,
  );
}

async function refundRequestsForStaff(siteId: number, now = new Date()) {
  const [open, decided] = await Promise.all([
    db().$queryRaw<StaffRefundRow[]>(openRefundsSql(siteId)),
    db().$queryRaw<StaffRefundRow[]>(decidedRefundsSql(siteId, now)),
  ]);
  return { open, decided };
}

/** Everything /staff/payments shows, with dates formatted for the reader (Amsterdam time). */
export async function staffPaymentsOverview(filter: PaymentListFilter, locale: string, now = new Date()) {
  const [list, refunds, chargebackRows] = await Promise.all([
    staffPayments(filter),
    refundRequestsForStaff(filter.siteId, now),
    chargebacks(filter.siteId, now),
  ]);
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  });
  const when = (date: Date | null) => (date ? format.format(date) : null);
  const payment = (row: StaffPaymentRow): StaffPaymentView => ({
    ...row,
    createdAt: format.format(row.createdAt),
    paidAt: when(row.paidAt),
    directDebitBlockedAt: when(row.directDebitBlockedAt),
  });
  const refund = (row: StaffRefundRow): StaffRefundView => ({
    ...row,
    createdAt: format.format(row.createdAt),
    decidedAt: when(row.decidedAt),
    paidAt: when(row.paidAt),
  });
  // Members blocked for direct debit among those listed (a chargeback or refund left credits
  // unrecovered, or the search found them).
  const blocked = new Map<number, BlockedMemberView>();
  for (const row of [...chargebackRows, ...list.payments]) {
    if (row.directDebitBlockedAt && !blocked.has(row.userId)) {
      blocked.set(row.userId, {
        userId: row.userId,
        email: row.email,
        blockedAt: format.format(row.directDebitBlockedAt),
      });
    }
  }
  return {
    payments: list.payments.map(payment),
    nextBefore: list.nextBefore,
    openRefunds: refunds.open.map(refund),
    decidedRefunds: refunds.decided.map(refund),
    chargebacks: chargebackRows.map(payment),
    blocked: [...blocked.values()],
  };
}
