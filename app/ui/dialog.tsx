import { useEffect, useRef } from "react";

/**
 * A Bootstrap-styled modal dialog for the enhanced (JavaScript) pages: focused when it opens;
 * Escape, a click on the backdrop and the close button call `onClose`.
 */
export function Dialog({
  id,
  title,
  closeLabel,
  onClose,
  children,
  footer,
}: {
  /** The test id; also names the title element. */
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
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
            <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />
          </div>
          <div className="modal-body">{children}</div>
          {footer && <div className="modal-footer">{footer}</div>}
        </div>
      </div>
    </div>
  );
}
