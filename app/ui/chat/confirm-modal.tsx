import { Dialog } from "~/ui/dialog";

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
  return (
    <Dialog
      id={id}
      title={title}
      closeLabel={cancelLabel}
      onClose={onClose}
      footer={
        <>
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
        </>
      }
    >
      <p className="mb-0">{text}</p>
    </Dialog>
  );
}
