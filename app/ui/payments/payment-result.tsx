import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { formatMoney } from "~/domain/credits/money";
import { isPending, isSlowMethod, retryPath, type PaymentView } from "~/domain/payments/payment-view";

/** The state of a payment after checkout: processing, completed (with the new balance) or failed. */
export function PaymentResult({ payment, balance }: { payment: PaymentView; balance: number }) {
  const { t, language } = useTranslation();
  const amount = formatMoney(payment.amountCents, payment.currency, language);
  if (payment.status === "paid") {
    return (
      <div data-testid="payment-result" data-status="paid">
        <h1 className="h3 text-success">{t("payments:result.paidTitle")}</h1>
        <p>{t("payments:result.paid", { count: payment.credits, amount })}</p>
        <p className="fs-5" data-testid="payment-balance">
          {t("payments:credits.balance", { count: balance })}
        </p>
        <Link to="/members" className="btn btn-primary">
          {t("payments:result.continue")}
        </Link>
      </div>
    );
  }
  if (isPending(payment.status)) {
    return (
      <div data-testid="payment-result" data-status="pending" aria-live="polite">
        <h1 className="h3">{t("payments:result.pendingTitle")}</h1>
        <div className="d-flex align-items-center gap-2">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <span>{t("payments:result.pending")}</span>
        </div>
        {/* A buyer who left the checkout without paying (iDEAL, card…) can choose another method;
            a bank transfer or direct debit takes days by nature and just waits. */}
        {!isSlowMethod(payment.method) && (
          <p className="mt-3">
            <Link to={retryPath(payment)} data-testid="payment-other-method">
              {t("payments:result.otherMethod")}
            </Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <div data-testid="payment-result" data-status="failed">
      {/* docs/product.md, Texts members see: "Betaling mislukt", "De betaling is mislukt of geannuleerd." */}
      <h1 className="h3 text-danger">{t("payments:result.failedTitle")}</h1>
      <p>{t("payments:result.failed")}</p>
      <Link to={retryPath(payment)} className="btn btn-primary" data-testid="payment-retry-link">
        {t("payments:result.retry")}
      </Link>
    </div>
  );
}
