import { linkOrigin } from "~/middleware/link-origin.server";
import { useEffect } from "react";
import { useTranslation } from "~/ui/use-translation";
import { data, Link, redirect, useRevalidator } from "react-router";
import { requireUser } from "~/middleware/guards.server";
import { creditBalance } from "~/domain/credits/credits.server";
import { memberPaymentSynced } from "~/domain/payments/member-payments.server";
import { isPending, refreshSeconds } from "~/domain/payments/payment-view";
import { refundRequestSchema } from "~/domain/payments/refund-view";
import { refundPanel, requestRefund } from "~/domain/payments/refunds.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { PaymentResult } from "~/ui/payments/payment-result";
import { RefundRequestPanel } from "~/ui/payments/refund-request";
import type { Route } from "./+types/transactions.$id";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["payments", "refunds"] };

/**
 * /transactions/{id}: where Mollie sends the buyer back. It asks Mollie for an open payment's state
 * itself (at most every 30 s), so a buyer who returns before the webhook sees the real state (and
 * gets the credits); Mollie not answering shows the stored state.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const found = await memberPaymentSynced(
    user.id,
    id.data,
    linkOrigin(request, context.get(requestInfoContext).site),
  );
  if (!found) throw data(null, { status: 404 });
  return {
    payment: found.payment,
    balance: await creditBalance(user.id),
    refund: await refundPanel(user.id, id.data),
    title: getInstance(context).t("payments:result.title"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

/** The member asks for the purchase's unused credits back (refusals come back translated by the page). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const fields = await readFields(request);
  // What the member wrote comes back with a refusal, so the form shows it again.
  const reason = fields.reason ?? "";
  const form = refundRequestSchema.safeParse(fields);
  if (!form.success) return data({ refundError: "invalid" as const, reason }, { status: 400 });
  const result = await requestRefund({ userId: user.id, paymentId: id.data, reason: form.data.reason });
  if (!result) throw data(null, { status: 404 });
  if (!result.ok) return data({ refundError: result.error, reason }, { status: 400 });
  return redirect(`/transactions/${id.data}`);
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function TransactionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { payment } = loaderData;
  const revalidator = useRevalidator();
  const pending = isPending(payment.status);
  // A bank transfer or direct debit takes days: its page looks again once a minute, not every 3 s.
  const seconds = refreshSeconds(payment.method);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [pending, seconds, revalidator]);
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      {pending && (
        // Without JavaScript an open payment's page reloads itself until the bank answered.
        <noscript>
          <meta httpEquiv="refresh" content={String(seconds)} />
        </noscript>
      )}
      <PaymentResult payment={payment} balance={loaderData.balance} />
      {loaderData.refund && (
        <RefundRequestPanel
          refund={loaderData.refund}
          error={actionData?.refundError}
          reason={actionData?.reason}
        />
      )}
      <p className="mt-4">
        <Link to="/transactions">{t("payments:transactions.all")}</Link>
      </p>
    </main>
  );
}
