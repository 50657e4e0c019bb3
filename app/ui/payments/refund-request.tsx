import { useTranslation } from "~/ui/use-translation";
import { Form, useNavigation } from "react-router";
import { formatMoney } from "~/domain/credits/money";
import { REFUND_REASON_MAX, type RefundPanelView, type RefundRefusal } from "~/domain/payments/refund-view";

/** Why the form was refused (the action's answer), shown above the panel. */
type RefundFormError = RefundRefusal | "invalid";

/**
 * A purchase's refund of unused credits on /transactions/{id}: the state of the member's request,
 * the form to ask for one while it can be asked (a plain form post, also without JavaScript), or
 * why it cannot.
 */
export function RefundRequestPanel({
  refund,
  error,
  reason,
}: {
  refund: RefundPanelView;
  error?: RefundFormError;
  /** What the member wrote in a refused form, shown again. */
  reason?: string;
}) {
  const { t, language } = useTranslation();
  const navigation = useNavigation();
  const { request, offer } = refund;
  if (!request && !offer && !error) return null;
  const money = (cents: number, currency: string) => formatMoney(cents, currency, language);
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "Europe/Amsterdam" });
  // The request's state already says "requested" or "refunded"; the refusal would repeat it.
  const refusal =
    offer && !offer.ok && !(request && ["already_requested", "already_refunded"].includes(offer.refusal))
      ? offer
      : null;
  return (
    <section className="card mt-4" aria-labelledby="refund-title" data-testid="refund">
      <div className="card-body">
        <h2 id="refund-title" className="h5">
          {t("refunds:member.title")}
        </h2>
        {error && (
          <div className="alert alert-danger" role="alert" data-testid="refund-error">
            {t(`refunds:member.errors.${error}`, { max: REFUND_REASON_MAX })}
          </div>
        )}
        {request && (
          <p data-testid="refund-status" data-status={request.status} role="status">
            {t(`refunds:member.status.${request.status}`, {
              count: request.credits,
              amount: money(request.amountCents, request.currency),
            })}
          </p>
        )}
        {refusal && (
          <p className="text-body-secondary mb-0" data-testid="refund-refusal">
            {t(`refunds:member.errors.${refusal.refusal}`)}{" "}
            {t("refunds:member.rule", { count: refusal.refundDays })}
          </p>
        )}
        {offer?.ok && (
          <Form method="post" data-testid="refund-form">
            <p>
              {t("refunds:member.offer", {
                count: offer.credits,
                amount: money(offer.amountCents, offer.currency),
                date: date.format(new Date(offer.until)),
              })}
            </p>
            <p className="small text-body-secondary">{t("refunds:member.offerNote")}</p>
            <div className="mb-3">
              <label htmlFor="refund-reason" className="form-label">
                {t("refunds:member.reason")}
              </label>
              <textarea
                id="refund-reason"
                name="reason"
                className={`form-control${error === "invalid" ? " is-invalid" : ""}`}
                rows={3}
                maxLength={REFUND_REASON_MAX}
                defaultValue={reason}
              />
            </div>
            <button
              type="submit"
              name="intent"
              value="refund"
              className="btn btn-outline-primary"
              disabled={navigation.state === "submitting"}
            >
              {t("refunds:member.submit")}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
