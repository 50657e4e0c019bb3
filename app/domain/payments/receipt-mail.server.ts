import { mailDate, sendAccountMail } from "~/domain/notifications/account-mail.server";
import { db } from "~/lib/db.server";
import { formatMoney } from "~/domain/credits/money";

/** The receipt of a booked purchase, in the buyer's language, through the mail queue. */
export async function sendPaymentReceipt(paymentId: number, origin: string) {
  const payment = await db().payment.findUniqueOrThrow({
    where: { id: paymentId },
    select: {
      id: true,
      credits: true,
      amountCents: true,
      currency: true,
      method: true,
      paidAt: true,
      user: {
        select: {
          id: true,
          email: true,
          language: true,
          profile: { select: { name: true } },
          site: { select: { name: true, domain: true, timeZone: true } },
        },
      },
    },
  });
  const { user } = payment;
  await sendAccountMail({
    kind: "paymentReceipt",
    to: user.email,
    userId: user.id,
    language: user.language,
    site: user.site,
    name: user.profile?.name ?? user.email,
    link: `${origin}/transactions/${payment.id}`,
    values: {
      count: payment.credits,
      amount: formatMoney(payment.amountCents, payment.currency, user.language),
      order: String(payment.id),
      date: mailDate(payment.paidAt ?? new Date(), user.language, user.site.timeZone),
    },
  });
}
