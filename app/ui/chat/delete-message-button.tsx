import { useState } from "react";
import { loadOnUse } from "~/ui/hydrate-later";
import { useTranslation } from "~/ui/use-translation";
import { Form, useSubmit } from "react-router";

// Opened by a click only: its code loads then.
const ConfirmModal = loadOnUse(() => import("./confirm-modal").then((m) => m.ConfirmModal));

/** Deletes one's own message after confirmation (a modal with JavaScript, a page step without). */
export function DeleteMessageButton({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  return (
    <>
      {/* A plain form: with JavaScript the submit always opens the modal, so React Router's Form
          (which resolves its action on every render, once per row of a long list) adds nothing. */}
      <form
        method="post"
        className="d-inline"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="intent" value="deleteMessage" />
        <input type="hidden" name="messageId" value={messageId} />
        <button
          type="submit"
          className="btn btn-link p-0 text-reset chat-bubble-action"
          aria-label={t("chat:message.deleteLabel")}
          data-testid="delete-message"
        >
          {t("chat:message.delete")}
        </button>
      </form>
      {open && (
        <ConfirmModal
          id="delete-message-modal"
          title={t("chat:message.deleteTitle")}
          text={t("chat:message.deleteText")}
          confirmLabel={t("chat:message.delete")}
          cancelLabel={t("chat:message.cancel")}
          onConfirm={() =>
            void submit(
              { intent: "deleteMessage", messageId: String(messageId), confirm: "1" },
              { method: "post", replace: true, preventScrollReset: true },
            )
          }
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Without JavaScript: the confirmation step of deleting a message. */
export function DeleteMessageConfirmation({ messageId }: { messageId: number }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning m-2" role="alert" data-testid="delete-message-confirmation">
      <h2 className="h6">{t("chat:message.deleteTitle")}</h2>
      <p>{t("chat:message.deleteText")}</p>
      <Form method="post" className="d-flex gap-2">
        <input type="hidden" name="intent" value="deleteMessage" />
        <input type="hidden" name="messageId" value={messageId} />
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="btn btn-danger btn-sm">
          {t("chat:message.delete")}
        </button>
        <a href="?" className="btn btn-outline-secondary btn-sm">
          {t("chat:message.cancel")}
        </a>
      </Form>
    </div>
  );
}
