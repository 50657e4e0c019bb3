/** Shapes the chat pages and JSON calls share between server and browser. */

/** The longest note a member may add when reporting a message. */
export const REPORT_NOTE_MAX = 1000;

/** The other member of a conversation as the chat shows them; null fields when the account is gone. */
export interface ChatPartner {
  userId: number;
  profileId: number | null;
  name: string | null;
  /** Approved public main photo, else null. */
  mainPhotoId: number | null;
}

export type MessagePreview =
  | { kind: "text"; body: string; own: boolean }
  | { kind: "photo"; own: boolean }
  /** `giftCode`: which gift (its name is translated by code), null when the site removed it. */
  | { kind: "gift"; giftCode: string | null; own: boolean }
  | null;

export interface ConversationListItem {
  conversationId: number;
  partner: ChatPartner;
  unreadCount: number;
  lastMessageAt: string;
  lastMessage: MessagePreview;
}

export interface ConversationList {
  items: ConversationListItem[];
  total: number;
  page: number;
  pageCount: number;
}

export interface ChatMessage {
  id: number;
  own: boolean;
  kind: "text" | "photo" | "gift";
  body: string;
  chatPhotoId: number | null;
  giftId: number | null;
  /** The gift's catalogue entry (its names by language, else chat-extras:gifts.<code>); null unless a gift. */
  gift: { code: string; image: string; names?: Partial<Record<string, string>> } | null;
  createdAt: string;
  /** The newest own message the other member has read (newest page only), when neither hides read receipts. */
  seen: boolean;
}

/**
 * Why the viewer cannot write (or, for `ownUnconfirmed` and `ownInvisible`, may write but gets no
 * replies until confirmed or visible again). `confirmFirst`: an unconfirmed viewer cannot start a
 * conversation (they would get no answer, and nothing to reach them by).
 */
export type ChatGate =
  | "ok"
  | "ownUnconfirmed"
  | "ownInvisible"
  | "confirmFirst"
  | "recipientUnconfirmed"
  | "blocked"
  | "unavailable";

/**
 * Why sendMessage refused a message, each with its message (chat:refused.*). A text refused as
 * `notFound` is a 404; a gift or photo comes back to its page with it (`?refused=notFound`).
 */
export const SEND_REFUSALS = [
  "notFound",
  "unavailable",
  "blocked",
  "recipientUnconfirmed",
  "confirmFirst",
  "premiumOnly",
  "empty",
  "tooLong",
  "tooManyConversations",
  "sameText",
  /** A low-trust member's first messages: a link, e-mail address or phone number (trust-level.ts). */
  "contactDetails",
  /** The same opener to more members in a day than allowed (opener.ts). */
  "copyPasteOpener",
  /** The trust level's new conversations per day, one refusal per level (its message says what raises it). */
  "trustLimitReported",
  "trustLimitNew",
  "trustLimitKnown",
  "insufficientCredits",
  "rateLimited",
] as const;
export type SendRefusal = (typeof SEND_REFUSALS)[number];

/** Refusals the send form's own answer carries (a text's `notFound` becomes a 404). */
export type ShownRefusal = Exclude<SendRefusal, "notFound">;

export const CONVERSATIONS_PAGE_SIZE = 24;
/** A conversation opens with its newest messages, this many (decision 0026); older ones page back as many at a time. */
export const MESSAGES_PAGE_SIZE = 25;

/** What a chat page's action answers when it does not redirect. */
export type ChatActionData =
  | { intent: "send"; ok: false; error: ShownRefusal; text: string }
  | { intent: "send"; ok: true; conversationId: number }
  | { intent: "deleteChat"; confirm: true }
  | { intent: "deleteMessage"; confirm: number };

/** One gift of a site's catalogue; its name is the chat extras' translation gifts.<code>. */
export interface GiftItem {
  id: number;
  code: string;
  /** A public path, e.g. "/gifts/rose.svg". */
  image: string;
  /** Its names by language as an admin set them (the picker's; a language without one uses the translation). */
  names?: Partial<Record<string, string>>;
}

/**
 * What a conversation page offers next to its send form (see chat-extras.server.ts). The pickers'
 * contents are read only for an open picker (decision 0027): null while it is closed.
 */
export interface ChatExtrasData {
  gifts: GiftItem[] | null;
  ownPhotos: { id: number; thumbUrl: string }[] | null;
  /** Credits one text message costs this member. */
  messagePrice: number;
  /** How many text messages the member's credits pay for (message-price.ts). */
  messagesPaidFor: number;
  photoPrice: number;
  /** Credits any gift costs (the site's gift_credits). */
  giftPrice: number;
  /** This page's key for its send forms (see send-key.ts); each form adds its own suffix. */
  sendKey: string;
  notices: {
    insufficientCredits: boolean;
    /** Why a gift or photo was refused (`?refused=`), shown as the send form shows a text's refusal. */
    refused: SendRefusal | null;
    photoError: string | null;
    reported: "ok" | "rateLimited" | null;
    /** An icebreaker chosen without JavaScript, for the send form's textarea. */
    prefill: string;
  };
}

/** `?gifts=1` on a chat page opens the gift picker (the profile page's gift button links so). */
export const GIFTS_OPEN_PARAM = "gifts";
/** `?photos=1` on a chat page opens the photo picker. */
export const PHOTOS_OPEN_PARAM = "photos";
