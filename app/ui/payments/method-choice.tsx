import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/ui/use-translation";
import type { CheckoutMethod, OfferedMethod } from "~/domain/payments/methods";
import { useHydrated } from "~/ui/profile-edit/use-hydrated";

const noSubscription = () => () => {};

/** Whether this browser can pay with Apple Pay (only Safari on Apple devices). */
function canUseApplePay() {
  const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  return Boolean(session?.canMakePayments?.());
}

/**
 * The payment methods as radio buttons, with the bank choice for iDEAL. Works without JavaScript;
 * Apple Pay shows only where the browser supports it (so never without JavaScript).
 */
export function MethodChoice({
  methods,
  chosen,
  issuer = null,
  avoid,
}: {
  methods: OfferedMethod[];
  chosen: CheckoutMethod | null;
  /** The bank chosen before (the form shown again after a refusal). */
  issuer?: string | null;
  /** After a failed payment: preselect another method. */
  avoid: CheckoutMethod | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // False on the server and while hydrating, then what this browser supports.
  const applePay = useSyncExternalStore(noSubscription, canUseApplePay, () => false);
  const shown = methods.filter((m) => m.id !== "applepay" || applePay);
  const initial =
    (chosen && shown.find((m) => m.id === chosen)?.id) ??
    shown.find((m) => m.id !== avoid)?.id ??
    shown[0]?.id;
  const [selected, setSelected] = useState(initial);
  return (
    <fieldset data-testid="payment-methods">
      <legend className="h5">{t("payments:checkout.method")}</legend>
      <div className="list-group">
        {shown.map((method) => (
          <label
            key={method.id}
            className="list-group-item d-flex gap-3 align-items-center"
            data-testid="payment-method"
          >
            <input
              className="form-check-input flex-shrink-0"
              type="radio"
              name="method"
              value={method.id}
              defaultChecked={method.id === initial}
              onChange={() => setSelected(method.id)}
              required
            />
            <span className="flex-grow-1">{t(`payments:methods.${method.id}`)}</span>
          </label>
        ))}
      </div>
      {shown
        .filter((m) => m.issuers.length > 0)
        .map((method) => (
          // Without JavaScript the bank choice always shows; the server ignores it for other methods.
          <div key={method.id} className="mt-3" hidden={hydrated && selected !== method.id}>
            <label htmlFor={`issuer-${method.id}`} className="form-label">
              {t("payments:checkout.issuer", { method: t(`payments:methods.${method.id}`) })}
            </label>
            <select
              id={`issuer-${method.id}`}
              name="issuer"
              className="form-select"
              data-testid="issuer"
              defaultValue={method.id === initial && issuer ? issuer : ""}
            >
              <option value="">{t("payments:checkout.issuerLater")}</option>
              {method.issuers.map((issuer) => (
                <option key={issuer.id} value={issuer.id}>
                  {issuer.name}
                </option>
              ))}
            </select>
          </div>
        ))}
    </fieldset>
  );
}
