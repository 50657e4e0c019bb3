import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import type { CreditPackageView } from "~/domain/credits/package-view";
import {
  discountErrorMessage,
  MAX_CODE_LENGTH,
  methodNames,
  type AppliedDiscount,
  type DiscountError,
} from "~/domain/payments/discount";
import { formatMoney } from "~/domain/credits/money";

interface DiscountedOffer {
  creditPackage: CreditPackageView;
  currency: string;
  priceCents: number;
  amountCents: number;
  discount: AppliedDiscount | null;
}

/**
 * What is being bought and what it costs, as computed on the server: with a discount the original
 * price struck through beside the amount to pay, and which discount it is.
 */
export function DiscountedSummary({ offer }: { offer: DiscountedOffer }) {
  const { t, language } = useTranslation();
  const money = (cents: number) => formatMoney(cents, offer.currency, language);
  const { discount } = offer;
  return (
    <div className="card mb-3" data-testid="purchase-summary">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap">
          <span className="fw-semibold">
            {t("payments:packages.credits", { count: offer.creditPackage.credits })}
          </span>
          <span className="d-flex align-items-baseline gap-2">
            {discount && (
              <s className="text-body-secondary" data-testid="purchase-original-price">
                <span className="visually-hidden">{t("discounts:summary.original")} </span>
                {money(offer.priceCents)}
              </s>
            )}
            <span className="fs-4 fw-semibold" data-testid="purchase-amount">
              {money(offer.amountCents)}
            </span>
          </span>
        </div>
        {discount && (
          <p className="mb-0 mt-2 text-success small" data-testid="purchase-discount">
            {t(`discounts:summary.${discount.source}`, {
              percent: discount.percentage,
              code: discount.code,
            })}
            {discount.methods.length > 0 && (
              <> {t("discounts:summary.onlyMethods", { methods: methodNames(t, discount.methods) })}</>
            )}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The discount code field: a GET form (`?code=…`), so without JavaScript the page reloads with the
 * summary recomputed by the server. The pay form carries an applied code on in a hidden field.
 */
export function DiscountCodeForm({
  code,
  error,
  codeIgnored,
}: {
  code: string;
  error: DiscountError | null;
  codeIgnored: boolean;
}) {
  const { t, language } = useTranslation();
  const message = error && discountErrorMessage(t, error, language);
  return (
    <Form method="get" className="mb-3" data-testid="discount-code-form" noValidate>
      <label htmlFor="discount-code" className="form-label">
        {t("discounts:code.label")}
      </label>
      <div className="input-group has-validation">
        <input
          key={code}
          id="discount-code"
          name="code"
          type="text"
          className={`form-control${message ? " is-invalid" : ""}`}
          defaultValue={code}
          maxLength={MAX_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "discount-code-error" : undefined}
          data-testid="discount-code"
        />
        <button type="submit" className="btn btn-outline-primary" data-testid="discount-code-apply">
          {t("discounts:code.apply")}
        </button>
        {message && (
          <div className="invalid-feedback" id="discount-code-error" data-testid="discount-code-error">
            {message}
          </div>
        )}
      </div>
      {codeIgnored && (
        <div className="form-text" data-testid="discount-code-ignored">
          {t("discounts:code.notCombined")}
        </div>
      )}
    </Form>
  );
}
