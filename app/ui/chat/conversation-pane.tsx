import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { useLocation } from "react-router";
import type {
  ChatActionData,
  ChatExtrasData,
  ChatGate,
  ChatMessage,
  ChatPartner,
} from "~/domain/chat/chat-types";
import { ExtrasNotices } from "~/ui/chat-extras/notices";
import { hydrateLater } from "~/ui/hydrate-later";
import type { SendTarget } from "~/ui/chat-extras/target-fields";
import { GateNotice } from "./chat-notices";
import { ConversationHeader } from "./conversation-header";
import { DeleteChatConfirmation } from "./delete-chat-button";
import { DeleteMessageConfirmation } from "./delete-message-button";
import { MessageList } from "./message-list";
import { SendForm, type SendRefused } from "./send-form";

interface ConversationPaneProps {
  partner: ChatPartner;
  /** Null before the first message (/members/{id}/chat). */
  conversationId: number | null;
  messages: ChatMessage[];
  olderBefore: number | null;
  paged: boolean;
  historyHidden: boolean;
  historyDays: number;
  gate: ChatGate;
  maxLength: number;
  /** Where the send form posts. */
  action: string;
  actionData: ChatActionData | undefined;
  /** Gifts, own photos and the extras' notices. */
  extras: ChatExtrasData;
  /** Who gifts and photos go to: the conversation, or the profile before the first message. */
  target: SendTarget;
}

// The pickers and the icebreakers are links and forms that work without JavaScript: their code
// comes once the conversation is interactive.
const GiftPicker = hydrateLater(() => import("~/ui/chat-extras/gift-picker").then((m) => m.GiftPicker));
const PhotoPicker = hydrateLater(() => import("~/ui/chat-extras/photo-picker").then((m) => m.PhotoPicker));
const Icebreakers = hydrateLater(() => import("~/ui/chat-extras/icebreakers").then((m) => m.Icebreakers));

/** Refusals that mean nobody can write here: the form gives way to the notice. */
const CLOSED: ChatGate[] = ["blocked", "unavailable", "recipientUnconfirmed", "confirmFirst"];

/** One conversation (docs/product.md, Chat): header, messages, notices and the send form. */
export function ConversationPane(props: ConversationPaneProps) {
  const { t } = useTranslation();
  const { partner, actionData, extras } = props;
  const location = useLocation();
  // An icebreaker picked with JavaScript fills the form (a new key starts it with that text).
  const [picked, setPicked] = useState<string | null>(null);
  const name = partner.name ?? t("chat:list.deletedMember");
  const open = !CLOSED.includes(props.gate);
  // A text's refusal comes as the action's answer; a gift's or photo's in the address it
  // redirected back to (no JavaScript needed either way).
  const refused: SendRefused =
    actionData?.intent === "send" && !actionData.ok
      ? { error: actionData.error, text: actionData.text }
      : extras.notices.refused
        ? { error: extras.notices.refused, text: "" }
        : null;
  return (
    <div className="d-flex flex-column h-100" data-testid="conversation">
      <ConversationHeader partner={partner} conversationId={props.conversationId} />
      {actionData?.intent === "deleteChat" && <DeleteChatConfirmation name={name} />}
      {actionData?.intent === "deleteMessage" && <DeleteMessageConfirmation messageId={actionData.confirm} />}
      <MessageList
        messages={props.messages}
        olderBefore={props.olderBefore}
        paged={props.paged}
        historyHidden={props.historyHidden}
        historyDays={props.historyDays}
        emptyText={t("chat:conversation.empty", { name })}
        conversationId={props.conversationId}
      />
      <GateNotice gate={props.gate} />
      <ExtrasNotices notices={extras.notices} />
      {open && props.messages.length === 0 && (
        <div className="px-2">
          <Icebreakers name={name} pageUrl={location.pathname} onPick={setPicked} autoOpen={false} />
        </div>
      )}
      {open && (
        <>
          <SendForm
            key={picked ?? ""}
            action={props.action}
            maxLength={props.maxLength}
            price={extras.messagePrice}
            messagesPaidFor={extras.messagesPaidFor}
            refused={refused}
            initialText={picked ?? extras.notices.prefill}
            sendKey={`${extras.sendKey}-text`}
          />
          <div className="d-flex flex-wrap gap-2 px-2 pb-2" data-testid="chat-extras">
            <GiftPicker
              gifts={extras.gifts}
              price={extras.giftPrice}
              to={props.target}
              sendKey={extras.sendKey}
            />
            <PhotoPicker
              ownPhotos={extras.ownPhotos}
              to={props.target}
              price={extras.photoPrice}
              sendKey={extras.sendKey}
            />
          </div>
        </>
      )}
    </div>
  );
}
