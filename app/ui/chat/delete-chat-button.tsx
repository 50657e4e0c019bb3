import { Icon } from "~/ui/icons";
import { useState } from "react";
import { loadOnUse } from "~/ui/hydrate-later";
import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import { useDeletedChats } from "./deleted-chats";

// Opened by a click only: its code loads then.
const ConfirmModal = loadOnUse(() => import("./confirm-modal").then((m) => m.ConfirmModal));

/**
 * Deletes a chat after confirmation: with JavaScript a modal, then it leaves the list at once;
 * without, the conversation page asks first (DeleteChatConfirmation).
 */
export function DeleteChatButton({ conversationId, name }: { conversationId: number; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t("chat:delete.label", { name });
  return (
    <>
      {/* A plain form: with JavaScript the submit always opens the modal, so React Router's Form adds nothing. */}
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
          className="btn btn-sm btn-outline-danger"
          aria-label={label}
          title={label}
          data-testid="delete-chat"
        >
          {t("chat:delete.button")}
        </button>
      </form>
      {open && <DeleteChatModal conversationId={conversationId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * A list's delete button: a submit button of the one form around the list (DeleteChatsForm), which
 * without JavaScript posts the same fields as DeleteChatButton's form to the conversation's page.
 */
export function DeleteChatListButton({ conversationId, name }: { conversationId: number; name: string }) {
  const { t } = useTranslation();
  const label = t("chat:delete.label", { name });
  return (
    <button
      type="submit"
      formAction={`/chats/${conversationId}`}
      name="intent"
      value="deleteChat"
      data-conversation-id={conversationId}
      className="btn btn-sm btn-link text-body-secondary"
      aria-label={label}
      title={label}
      data-testid="delete-chat"
    >
      <Icon name="trash" />
    </button>
  );
}

/**
 * One form around a list of chats (24 on a page) instead of one per row; with JavaScript the
 * button that submitted it opens the modal for its conversation. `nameOf` names a listed conversation's partner.
 */
export function DeleteChatsForm({
  nameOf,
  children,
}: {
  nameOf: (conversationId: number) => string | undefined;
  children: React.ReactNode;
}) {
  const [asked, setAsked] = useState<{ conversationId: number; name: string } | null>(null);
  return (
    <>
      <form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          const conversationId = Number(submitter?.dataset.conversationId);
          const name = nameOf(conversationId);
          if (name !== undefined) setAsked({ conversationId, name });
        }}
      >
        {children}
      </form>
      {asked && <DeleteChatModal {...asked} onClose={() => setAsked(null)} />}
    </>
  );
}

function DeleteChatModal({
  conversationId,
  name,
  onClose,
}: {
  conversationId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { remove } = useDeletedChats();
  return (
    <ConfirmModal
      id="delete-chat-modal"
      title={t("chat:delete.title", { name })}
      text={t("chat:delete.text")}
      confirmLabel={t("chat:delete.confirm")}
      cancelLabel={t("chat:delete.cancel")}
      onConfirm={() => remove(conversationId)}
      onClose={onClose}
    />
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
