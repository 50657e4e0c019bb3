import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Link, useFetcher, useLocation } from "react-router";
import {
  COUNTDOWN_TICK_MS,
  TIME_BONUS_MODAL_DELAY_MS,
  TIME_BONUS_PERCENT,
  formatCountdown,
  isMembersArea,
} from "~/domain/payments/time-bonus";
import { Dialog } from "../dialog";

interface TimeBonusProps {
  /** Seconds of time bonus left when the server answered (what the page shows without JavaScript). */
  secondsLeft: number;
  credits: number;
  /** The member closed the modal before: only the banner shows. */
  dismissed: boolean;
}

/**
 * Seconds left, counting down once a second from the server's figure (measured with this browser's
 * clock from the moment the figure arrived, so a wrong clock does not matter). Renders the server's
 * figure first, so the page hydrates without a mismatch.
 */
function useCountdown(secondsLeft: number): number {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    const deadline = Date.now() + secondsLeft * 1000;
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return Math.min(left, secondsLeft);
}

/**
 * The time bonus's top banner and modal: a banner linking to /credits with the
 * countdown (hours:minutes:seconds), gone at zero; and, 40 s after entering the members area with
 * 0 credits, a modal about the bonus unless it was closed before. Leaving the area first cancels it;
 * closing it is stored (POST /time-bonus/dismiss) so it does not come back.
 */
export function TimeBonus({ secondsLeft, credits, dismissed }: TimeBonusProps) {
  const { t } = useTranslation();
  const left = useCountdown(secondsLeft);
  const { pathname } = useLocation();
  const { submit } = useFetcher();
  const wanted = isMembersArea(pathname) && credits === 0 && !dismissed && left > 0;
  const [modalOpen, setModalOpen] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => setModalOpen(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setModalOpen(false);
    };
  }, [wanted]);
  // Stable, so the dialog keeps its focus while the countdown renders every second.
  const close = useCallback(() => {
    setModalOpen(false);
    void submit({}, { method: "post", action: "/time-bonus/dismiss" });
  }, [submit]);
  if (left <= 0) return null;
  const countdown = formatCountdown(left);
  return (
    <>
      {/* A landmark of its own (not a live region: the countdown would be read out every second). */}
      <aside
        className="bg-primary text-white text-center py-2 px-3"
        aria-label={t("discounts:timeBonus.banner", { percent: TIME_BONUS_PERCENT })}
        data-testid="time-bonus-banner"
      >
        <Link
          to="/credits"
          className="link-light fw-semibold text-decoration-none"
          data-testid="time-bonus-link"
        >
          {t("discounts:timeBonus.banner", { percent: TIME_BONUS_PERCENT })}{" "}
          <span
            className="badge text-bg-light font-monospace fs-6 align-middle"
            data-testid="time-bonus-countdown"
          >
            {countdown}
          </span>
        </Link>
      </aside>
      {modalOpen && wanted && (
        <Dialog
          id="time-bonus-modal"
          title={t("discounts:timeBonus.modalTitle", { percent: TIME_BONUS_PERCENT })}
          closeLabel={t("discounts:timeBonus.close")}
          onClose={close}
          footer={
            <Link to="/credits" className="btn btn-primary w-100" data-testid="time-bonus-modal-link">
              {t("discounts:timeBonus.modalButton")}
            </Link>
          }
        >
          <p>{t("discounts:timeBonus.modalText", { percent: TIME_BONUS_PERCENT })}</p>
          <p className="fw-semibold mb-0">
            {t("discounts:timeBonus.modalHurry")}{" "}
            <span
              className="badge text-bg-primary font-monospace fs-6"
              data-testid="time-bonus-modal-countdown"
            >
              {countdown}
            </span>
          </p>
        </Dialog>
      )}
    </>
  );
}
