import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import { ConfirmModal } from "./confirm-modal";
import { useDeletedChats } from "./deleted-chats";

/**
 * Deletes a chat after confirmation: with JavaScript a modal, then it leaves the list at once;
 * without, the conversation page asks first (DeleteChatConfirmation).
 */
export function DeleteChatButton({
  conversationId,
  name,
  compact = false,
}: {
  conversationId: number;
  name: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { remove } = useDeletedChats();
  const label = t("chat:delete.label", { name });
  return (
    <>
      {/* A plain form: with JavaScript the submit always opens the modal, so React Router's Form
          (which resolves its action on every render, once per row of a long list) adds nothing. */}
      <form
        method="post"
        action={`/chats/${conversationId}`}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="intent" value="deleteChat" />
        <button
          type="submit"
          className={compact ? "btn btn-sm btn-link text-body-secondary" : "btn btn-sm btn-outline-danger"}
          aria-label={label}
          title={label}
          data-testid="delete-chat"
        >
          {compact ? <span aria-hidden="true">🗑</span> : t("chat:delete.button")}
        </button>
      </form>
      {open && (
        <ConfirmModal
          id="delete-chat-modal"
          title={t("chat:delete.title", { name })}
          text={t("chat:delete.text")}
          confirmLabel={t("chat:delete.confirm")}
          cancelLabel={t("chat:delete.cancel")}
          onConfirm={() => remove(conversationId)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** Without JavaScript: the confirmation step of deleting the chat. */
export function DeleteChatConfirmation({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning m-2" role="alert" data-testid="delete-chat-confirmation">
      <h2 className="h6">{t("chat:delete.title", { name })}</h2>
      <p>{t("chat:delete.text")}</p>
      <Form method="post" className="d-flex gap-2">
        <input type="hidden" name="intent" value="deleteChat" />
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="btn btn-danger btn-sm">
          {t("chat:delete.confirm")}
        </button>
        <a href="?" className="btn btn-outline-secondary btn-sm">
          {t("chat:delete.cancel")}
        </a>
      </Form>
    </div>
  );
}
