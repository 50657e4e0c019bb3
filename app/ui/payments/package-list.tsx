import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { CreditPackageView } from "~/domain/credits/package-view";
import type { PackageOffer } from "~/domain/payments/discount";
import { formatMoney } from "~/domain/credits/money";

/** The packages as cards: discount badge, colour variants p0 to p3, a "popular" marker. */
export function PackageList({
  packages,
  linkTo,
}: {
  /** With the member's discount (PackageOffer) the old price shows struck through beside the new one. */
  packages: (CreditPackageView | PackageOffer)[];
  /** Where a package's button leads; none on the public price list of a visitor. */
  linkTo: ((id: number) => string) | null;
}) {
  const { t, language } = useTranslation();
  return (
    <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled" data-testid="packages">
      {packages.map((p) => (
        <li key={p.id} className="col">
          <div className={`card h-100 text-center package package-p${p.variant}`} data-testid="package">
            {p.popular && (
              <div className="card-header fw-semibold package-popular" data-testid="package-popular">
                {t("payments:packages.popular")}
              </div>
            )}
            <div className="card-body">
              <h2 className="h4 card-title" data-testid="package-credits">
                {t("payments:packages.credits", { count: p.credits })}
              </h2>
              {"discount" in p && p.discount && (
                <p className="mb-0 text-body-secondary" data-testid="package-original-price">
                  <s>
                    <span className="visually-hidden">{t("discounts:summary.original")} </span>
                    {formatMoney(p.priceCents, p.currency, language)}
                  </s>
                </p>
              )}
              <p className="display-6 mb-1" data-testid="package-price">
                {formatMoney("amountCents" in p ? p.amountCents : p.priceCents, p.currency, language)}
              </p>
              {"discount" in p && p.discount && (
                <p className="small text-success mb-2" data-testid="package-offer">
                  {t(`discounts:summary.${p.discount.source}`, {
                    percent: p.discount.percentage,
                    code: p.discount.code,
                  })}
                </p>
              )}
              {p.discountPercent > 0 && (
                <span className="badge rounded-pill package-discount" data-testid="package-discount">
                  {t("payments:packages.discount", { percent: p.discountPercent })}
                </span>
              )}
            </div>
            {linkTo && (
              <div className="card-footer bg-transparent border-0 pb-3">
                <Link to={linkTo(p.id)} className="btn btn-primary w-100" data-testid="package-buy">
                  {t("payments:packages.buy")}
                </Link>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
