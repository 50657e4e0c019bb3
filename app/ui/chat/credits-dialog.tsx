import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** SPEC "Chat" errors: not enough credits, with the way to buy them. */
export const BUY_CREDITS_PATH = "/credits";

/** With JavaScript: the dialog "Je hebt onvoldoende credits" with "Koop credits". */
export function CreditsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);
  return (
    <div
      className="modal d-block"
      style={{ background: "rgba(0, 0, 0, 0.6)" }}
      role="dialog"
      aria-modal="true"
      aria-labelledby="credits-dialog-title"
      data-testid="credits-dialog"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-dialog modal-dialog-centered">
        <div className="modal-content" ref={dialogRef} tabIndex={-1}>
          <div className="modal-header">
            <h2 className="modal-title h5" id="credits-dialog-title">
              {t("chat:credits.title")}
            </h2>
            <button
              type="button"
              className="btn-close"
              aria-label={t("chat:credits.close")}
              onClick={onClose}
            />
          </div>
          <div className="modal-body">
            <p className="mb-0">{t("chat:credits.text")}</p>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t("chat:credits.close")}
            </button>
            <Link to={BUY_CREDITS_PATH} className="btn btn-primary">
              {t("chat:credits.buy")}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Without JavaScript: the same, as a section of the page above the form that kept the message. */
export function CreditsNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning mx-2 mb-2" role="alert" data-testid="credits-notice">
      <h2 className="h5">{t("chat:credits.title")}</h2>
      <p>{t("chat:credits.text")}</p>
      <Link to={BUY_CREDITS_PATH} className="btn btn-primary btn-sm">
        {t("chat:credits.buy")}
      </Link>
    </div>
  );
}
