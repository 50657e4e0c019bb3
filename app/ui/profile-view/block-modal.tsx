import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { BlockConfirmFields } from "./block-confirm-fields";

/** With JavaScript: asks before blocking; Escape, the backdrop and the close buttons cancel. */
export function BlockModal({ name, onClose }: { name: string; onClose: () => void }) {
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
      aria-labelledby="block-modal-title"
      data-testid="block-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-dialog modal-dialog-centered">
        <div className="modal-content" ref={dialogRef} tabIndex={-1}>
          <div className="modal-header">
            <h2 className="modal-title h5" id="block-modal-title">
              {t("member:block.confirmTitle", { name })}
            </h2>
            <button
              type="button"
              className="btn-close"
              aria-label={t("member:block.cancel")}
              onClick={onClose}
            />
          </div>
          <div className="modal-body">
            <p className="mb-0">{t("member:block.confirmText")}</p>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t("member:block.cancel")}
            </button>
            <Form method="post" onSubmit={onClose}>
              <BlockConfirmFields />
              <button type="submit" className="btn btn-danger">
                {t("member:block.confirm")}
              </button>
            </Form>
          </div>
        </div>
      </div>
    </div>
  );
}
