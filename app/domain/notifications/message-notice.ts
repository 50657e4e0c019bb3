/** A message was stored: what push and mail need to tell the recipient about it. */
export interface MessageNotice {
  messageId: number;
  conversationId: number;
  senderId: number;
  recipientId: number;
  /** The first message of a new conversation (`new_conversations`, else `new_messages`). */
  newConversation: boolean;
}
