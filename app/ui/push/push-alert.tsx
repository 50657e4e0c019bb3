import { useTranslation } from "~/ui/use-translation";
import { Form, useLocation } from "react-router";
import { useEngaged } from "../use-engaged";
import { usePushState } from "./use-push-state";

/**
 * The "push notifications" alert: offers push to a member whose browser can do it and who has
 * neither turned it on here nor closed the alert. Without JavaScript there is no push, so it only
 * appears once the browser said "capable" and the member touched, typed or scrolled on the page, at
 * the bottom of the screen. Closing posts a plain form (stores the time).
 */
export function PushAlert({ show }: { show: boolean }) {
  const { pathname } = useLocation();
  if (!show || pathname === "/notifications") return null;
  return <PushOffer />;
}

function PushOffer() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { state, busy, failed, turnOn } = usePushState();
  // Once the member uses the page: not the first thing painted, and no prompt before engaging.
  const engaged = useEngaged();
  if (state !== "capable" || !engaged) return null;
  return (
    <div
      className="alert alert-info rounded-0 mb-0 py-2 d-flex flex-wrap align-items-center justify-content-center gap-2 sticky-bottom"
      role="status"
      data-testid="push-alert"
    >
      <span>{failed ? t(`push:device.${failed}`) : t("push:alert.text")}</span>
      <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void turnOn()}>
        {t("push:alert.turnOn")}
      </button>
      <Form method="post" action="/notifications" className="d-inline">
        <input type="hidden" name="intent" value="dismissPushAlert" />
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <button type="submit" className="btn-close" aria-label={t("push:alert.dismiss")} />
      </Form>
    </div>
  );
}
