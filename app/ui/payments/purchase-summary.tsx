import { useTranslation } from "~/ui/use-translation";
import type { CreditPackageView } from "~/domain/credits/package-view";
import { formatMoney } from "~/domain/payments/money";

/** What is being bought and what it costs, as computed on the server. */
export function PurchaseSummary({
  offer,
}: {
  offer: { creditPackage: CreditPackageView; currency: string; amountCents: number; discountPercent: number };
}) {
  const { t, language } = useTranslation();
  return (
    <div className="card mb-3" data-testid="purchase-summary">
      <div className="card-body d-flex justify-content-between align-items-center">
        <span className="fw-semibold">
          {t("payments:packages.credits", { count: offer.creditPackage.credits })}
        </span>
        <span className="fs-4" data-testid="purchase-amount">
          {formatMoney(offer.amountCents, offer.currency, language)}
        </span>
      </div>
    </div>
  );
}
