import { useTranslation } from "react-i18next";
import type { ChatActionData, ChatGate, ChatMessage, ChatPartner } from "~/domain/chat/chat-types";
import { GateNotice } from "./chat-notices";
import { ConversationHeader } from "./conversation-header";
import { DeleteChatConfirmation } from "./delete-chat-button";
import { DeleteMessageConfirmation } from "./delete-message-button";
import { MessageList } from "./message-list";
import { SendForm, type SendRefused } from "./send-form";

export interface ConversationPaneProps {
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
}

/** Refusals that mean nobody can write here: the form gives way to the notice. */
const CLOSED: ChatGate[] = ["blocked", "unavailable", "recipientUnconfirmed"];

/** One conversation (SPEC "Chat"): header, messages, notices and the send form. */
export function ConversationPane(props: ConversationPaneProps) {
  const { t } = useTranslation();
  const { partner, actionData } = props;
  const name = partner.name ?? t("chat:list.deletedMember");
  const refused: SendRefused =
    actionData?.intent === "send" && !actionData.ok
      ? { error: actionData.error, text: actionData.text }
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
      />
      <GateNotice gate={props.gate} />
      {!CLOSED.includes(props.gate) && (
        <SendForm action={props.action} maxLength={props.maxLength} refused={refused} />
      )}
    </div>
  );
}
