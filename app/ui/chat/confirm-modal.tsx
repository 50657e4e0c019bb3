import { useEffect, useRef } from "react";

/** With JavaScript: asks before a deletion; Escape, the backdrop and the cancel buttons cancel. */
export function ConfirmModal({
  id,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
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
      aria-labelledby={`${id}-title`}
      data-testid={id}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-dialog modal-dialog-centered">
        <div className="modal-content" ref={dialogRef} tabIndex={-1}>
          <div className="modal-header">
            <h2 className="modal-title h5" id={`${id}-title`}>
              {title}
            </h2>
            <button type="button" className="btn-close" aria-label={cancelLabel} onClick={onClose} />
          </div>
          <div className="modal-body">
            <p className="mb-0">{text}</p>
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                onClose();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
