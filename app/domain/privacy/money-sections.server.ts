// The archive's sections about money (docs/product.md, Your data): the credits ledger, payments and
// refund requests, direct-debit orders. Amounts are in cents as stored, with their currency.
import { db } from "~/lib/db.server";
import { jsonDocument } from "./json-document";
import { EXPORT_BATCH, inBatches, iso, mapBatches, type ExportSection } from "./export-reading.server";

/** An IBAN in the archive: its country and last four characters, as staff see it too. */
export function maskedIban(iban: string): string {
  return iban.length > 6 ? `${iban.slice(0, 2)} … ${iban.slice(-4)}` : iban;
}

export const creditsSection: ExportSection = {
  name: "credits",
  files: ["credits.json"],
  async *entries({ userId }) {
    const { credits } = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { credits: true },
    });
    yield {
      path: "credits.json",
      text: jsonDocument({
        balance: credits,
        ledger: mapBatches(
          inBatches((afterId) =>
            db().creditLedgerEntry.findMany({
              where: { userId, id: { gt: afterId } },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select: {
                id: true,
                delta: true,
                balanceAfter: true,
                reason: true,
                reference: true,
                createdAt: true,
              },
            }),
          ),
          (batch) =>
            batch.map((e) => ({
              at: iso(e.createdAt),
              change: e.delta,
              balanceAfter: e.balanceAfter,
              reason: e.reason,
              reference: e.reference,
            })),
        ),
      }),
    };
  },
};

export const paymentsSection: ExportSection = {
  name: "payments",
  files: ["payments.json"],
  async *entries({ userId }) {
    const [payments, refunds] = await Promise.all([
      db().payment.findMany({
        where: { userId },
        orderBy: { id: "asc" },
        select: {
          id: true,
          molliePaymentId: true,
          method: true,
          amountCents: true,
          currency: true,
          credits: true,
          discountPercent: true,
          discountCode: true,
          status: true,
          sequenceType: true,
          createdAt: true,
          paidAt: true,
          refundedCents: true,
          chargedBackCents: true,
        },
      }),
      db().refundRequest.findMany({
        where: { userId },
        orderBy: { id: "asc" },
        select: {
          paymentId: true,
          credits: true,
          amountCents: true,
          reason: true,
          status: true,
          createdAt: true,
          decidedAt: true,
          payment: { select: { currency: true } },
        },
      }),
    ]);
    yield {
      path: "payments.json",
      text: jsonDocument({
        payments: payments.map((p) => ({
          order: p.id,
          paymentProviderId: p.molliePaymentId,
          method: p.method,
          amountCents: p.amountCents,
          currency: p.currency,
          credits: p.credits,
          discountPercent: p.discountPercent,
          discountCode: p.discountCode,
          status: p.status,
          kind: p.sequenceType,
          startedAt: iso(p.createdAt),
          paidAt: iso(p.paidAt),
          refundedCents: p.refundedCents,
          chargedBackCents: p.chargedBackCents,
        })),
        refundRequests: refunds.map((r) => ({
          order: r.paymentId,
          credits: r.credits,
          amountCents: r.amountCents,
          currency: r.payment.currency,
          yourReason: r.reason,
          status: r.status,
          requestedAt: iso(r.createdAt),
          decidedAt: iso(r.decidedAt),
        })),
      }),
    };
  },
};

/** Direct-debit orders with the address and phone number given for them; the IBAN masked. */
export const directDebitSection: ExportSection = {
  name: "directDebit",
  files: ["direct-debit.json"],
  async *entries({ userId }) {
    const orders = await db().directDebitRequest.findMany({
      where: { userId },
      orderBy: { id: "asc" },
      select: {
        accountHolder: true,
        iban: true,
        street: true,
        houseNumber: true,
        zip: true,
        city: true,
        phone: true,
        amountCents: true,
        currency: true,
        createdAt: true,
        verifiedAt: true,
        paymentId: true,
        payment: { select: { status: true } },
      },
    });
    yield {
      path: "direct-debit.json",
      text: jsonDocument({
        directDebitOrders: orders.map((o) => ({
          orderedAt: iso(o.createdAt),
          accountHolder: o.accountHolder,
          iban: maskedIban(o.iban),
          address: { street: o.street, houseNumber: o.houseNumber, postcode: o.zip, city: o.city },
          phone: o.phone,
          amountCents: o.amountCents,
          currency: o.currency,
          codeConfirmedAt: iso(o.verifiedAt),
          order: o.paymentId,
          paymentStatus: o.payment?.status ?? null,
        })),
      }),
    };
  },
};
