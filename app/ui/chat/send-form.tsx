import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { useNavigate } from "react-router";
import type { ChatActionData, SendRefusal } from "~/domain/chat/chat-types";
import { SAME_OPENER_MEMBERS_PER_DAY } from "~/domain/chat/opener";
import { TRUST_LIMITS } from "~/domain/chat/trust-level";
import { newSendKey } from "~/domain/chat/send-key";
import { useHydrated } from "~/ui/profile-edit/use-hydrated";
import { NotSent } from "~/ui/not-sent";
import { useRetriedSend } from "~/ui/send-retries";
import { ConfirmFirstNotice } from "./chat-notices";
import { BUY_CREDITS_PATH, CreditsDialog, CreditsNotice } from "./credits-dialog";

/**
 * Why the page's last message was refused: the answer to a text sent without JavaScript (with the
 * text that was typed), or a gift or photo that came back with `?refused=` (no text).
 */
export type SendRefused = { error: SendRefusal; text: string } | null;

const FORM_ID = "chat-send-form";

/**
 * The refusals of first contact (docs/product.md, Trust and first contact) and the numbers their
 * messages name: why, and what raises the limit.
 */
const TRUST_REFUSALS: Partial<Record<SendRefusal, Record<string, number>>> = {
  contactDetails: {},
  copyPasteOpener: { limit: SAME_OPENER_MEMBERS_PER_DAY },
  trustLimitReported: { limit: TRUST_LIMITS.reported.conversationsPerDay! },
  trustLimitNew: { limit: TRUST_LIMITS.new.conversationsPerDay! },
  trustLimitKnown: { limit: TRUST_LIMITS.known.conversationsPerDay! },
};

function Refusal({ error, maxLength }: { error: SendRefusal; maxLength: number }) {
  const { t } = useTranslation();
  if (error === "insufficientCredits") return <CreditsNotice />;
  if (error === "confirmFirst") return <ConfirmFirstNotice className="mx-2 mb-2" />;
  const trust = TRUST_REFUSALS[error];
  return (
    <div className="alert alert-danger mx-2 mb-2" role="alert" data-testid="send-refused">
      {trust ? t(`chat:trustRefused.${error}`, trust) : t(`chat:refused.${error}`, { max: maxLength })}
      {error === "premiumOnly" && (
        <a href={BUY_CREDITS_PATH} className="alert-link ms-2">
          {t("chat:credits.buy")}
        </a>
      )}
    </div>
  );
}

/**
 * Writes a message (docs/product.md, Chat): a plain form post without JavaScript (the server
 * redirects back to the conversation, or answers with the refusal and the kept text); with it, sent
 * without a reload, with a live character counter and the credits dialog, and sent again while the
 * connection gives no answer (send-retries.ts): the text stays until the server stored it. Chat
 * extras (gifts, photos, icebreakers) go next to this form.
 */
export function SendForm({
  action,
  maxLength,
  price,
  messagesPaidFor,
  refused,
  initialText = "",
  sendKey: pageSendKey,
  disabled = false,
}: {
  action: string;
  maxLength: number;
  /** Credits one message costs. */
  price: number;
  /** How many messages the member's credits pay for (it drops as the page's data reloads after a send). */
  messagesPaidFor: number;
  refused: SendRefused;
  /** An icebreaker's text to start with. */
  initialText?: string;
  /** The page's key for this form (send-key.ts); a new one after each message sent from this page. */
  sendKey: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const sender = useRetriedSend<ChatActionData>(`send-${action}`);
  const [text, setText] = useState(refused?.text || initialText);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // Text typed before the page became interactive stays in the form and counts.
    const typed = textareaRef.current?.value;
    if (typed) setText((current) => current || typed);
  }, []);
  const [dialog, setDialog] = useState(false);
  const [handled, setHandled] = useState<ChatActionData | undefined>(undefined);
  const [sendKey, setSendKey] = useState(pageSendKey);
  const answer = sender.answer;
  // A new answer: clear the sent text (the next message gets a new key), or open the credits
  // dialog (the text and its key stay, so a retry cannot send it twice).
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.intent === "send" && answer.ok) {
      setText("");
      setSendKey(newSendKey());
    }
    if (answer.intent === "send" && !answer.ok && answer.error === "insufficientCredits") setDialog(true);
  }
  const created = answer?.intent === "send" && answer.ok ? answer.conversationId : null;
  useEffect(() => {
    // The first message created the conversation: continue at its own address.
    if (created !== null && action !== `/chats/${created}`) {
      void navigate(`/chats/${created}`, { replace: true });
    }
  }, [created, action, navigate]);
  const fetched = answer && answer.intent === "send" && !answer.ok ? answer.error : null;
  const shown = fetched ?? refused?.error ?? null;
  const length = [...text].length;
  const sending = sender.pending;
  return (
    <div className="border-top pt-2">
      {/* With JavaScript, missing credits open the dialog instead. */}
      {shown && fetched !== "insufficientCredits" && <Refusal error={shown} maxLength={maxLength} />}
      {sender.failed && (
        <NotSent
          className="mx-2 mb-2"
          // The form again: the text in the box, with the key it was sent with.
          retryButton={{ type: "submit", form: FORM_ID }}
        />
      )}
      {/* A plain form: with JavaScript its submit always goes through the fetcher, so React Router's
          Form (which resolves its action on every render) adds nothing. */}
      <form
        id={FORM_ID}
        method="post"
        action={action}
        className="d-flex gap-2 align-items-end px-2 pb-2"
        data-testid="send-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (sending) return;
          sender.send({ intent: "send", body: text, sendKey, js: "1" }, action);
        }}
      >
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="sendKey" value={sendKey} />
        <div className="flex-grow-1">
          <label htmlFor="chat-body" className="visually-hidden">
            {t("chat:form.label")}
          </label>
          <textarea
            id="chat-body"
            ref={textareaRef}
            name="body"
            className="form-control"
            rows={2}
            maxLength={maxLength}
            placeholder={t("chat:form.placeholder")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            // What is being sent stays as it is until the server has it.
            readOnly={sending}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            disabled={disabled}
            required
            aria-describedby={hydrated ? "chat-counter" : undefined}
          />
          {hydrated && (
            <div
              id="chat-counter"
              className={`form-text text-end${length > maxLength ? " text-danger" : ""}`}
              aria-live="polite"
              data-testid="chat-counter"
            >
              {t("chat:form.counter", { length, max: maxLength })}
            </div>
          )}
        </div>
        <div className="d-flex flex-column align-items-center">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={disabled || sending || (hydrated && (length === 0 || length > maxLength))}
            aria-describedby="chat-price chat-messages-left"
            data-testid="send-button"
          >
            {sending ? t("sending") : t("chat:form.send")}
          </button>
          <small id="chat-price" className="form-text text-nowrap" data-testid="chat-price">
            {t("chat:form.price", { count: price })}
          </small>
        </div>
      </form>
      <p id="chat-messages-left" className="form-text px-2 mt-0 mb-2" data-testid="chat-messages-left">
        {t("chat:form.paysFor", { count: messagesPaidFor })}
        {messagesPaidFor === 0 && (
          <a href={BUY_CREDITS_PATH} className="ms-2">
            {t("chat:credits.buy")}
          </a>
        )}
      </p>
      {dialog && <CreditsDialog onClose={() => setDialog(false)} />}
    </div>
  );
}
