import { useTranslation } from "~/ui/use-translation";
import { useLocation } from "react-router";
import { AppLink } from "~/ui/app-link";
import type { TFunction } from "i18next";
import type { ConversationList, ConversationListItem, MessagePreview } from "~/domain/chat/chat-types";
import { giftName } from "~/ui/chat-extras/gift-name";
import { Icon, type IconName } from "~/ui/icons";
import { Pager } from "~/ui/pager";
import { BUY_CREDITS_PATH } from "./credits-dialog";
import { DeleteChatListButton, DeleteChatsForm } from "./delete-chat-button";
import { useDeletedChats } from "./deleted-chats";
import { PartnerAvatar } from "./partner-avatar";

function previewText(message: NonNullable<MessagePreview>, t: TFunction): string {
  // A blank text is one whose sender's account was erased (as isRemoved in the conversation).
  if (message.kind === "text") return message.body || t("chat:message.removed");
  if (message.kind === "gift" && message.giftCode) return giftName(t, message.giftCode);
  return t(`chat:preview.${message.kind}`);
}

const PREVIEW_ICONS: Partial<Record<NonNullable<MessagePreview>["kind"], IconName>> = {
  gift: "gift",
  photo: "camera",
};

function Preview({ item }: { item: ConversationListItem }) {
  const { t } = useTranslation();
  const message = item.lastMessage;
  if (!message) return <>{t("chat:list.noMessages")}</>;
  const text = previewText(message, t);
  const icon = PREVIEW_ICONS[message.kind];
  // One text node: React would put a comment between two.
  const line = message.own ? t("chat:list.you") + text : text;
  if (!icon) return <>{line}</>;
  return (
    <>
      {message.own && t("chat:list.you")}
      <Icon name={icon} className="me-1" />
      {text}
    </>
  );
}

function partnerName(item: ConversationListItem, t: (key: string) => string) {
  return item.partner.name ?? t("chat:list.deletedMember");
}

/** `active`: the open conversation (or a page under it), marked like a NavLink would be. */
function Item({ item, active }: { item: ConversationListItem; active: boolean }) {
  const { t } = useTranslation();
  const name = partnerName(item, t);
  return (
    // Component classes (app.scss) rather than utility lists: 24 of these are on every chat page.
    <li className="list-group-item chat-item" data-testid="chat-list-item">
      <AppLink
        to={`/chats/${item.conversationId}`}
        aria-current={active ? "page" : undefined}
        className="chat-item-link"
      >
        <PartnerAvatar partner={item.partner} />
        <span className={item.unreadCount > 0 ? "chat-item-text unread" : "chat-item-text"}>
          <span className="chat-item-name">{name}</span>
          {item.unreadCount > 0 && (
            <span
              className="badge rounded-pill text-bg-danger"
              data-testid="chat-unread"
              aria-label={t("chat:list.unread", { count: item.unreadCount })}
            >
              {item.unreadCount > 99 ? "99+" : item.unreadCount}
            </span>
          )}
          <span className="chat-item-preview" data-testid="chat-preview">
            <Preview item={item} />
          </span>
        </span>
      </AppLink>
      <DeleteChatListButton conversationId={item.conversationId} name={name} />
    </li>
  );
}

/**
 * The chat list: a member's conversations, newest first, with photo, name, last message and unread
 * count; on /chats also how many messages the member's credits pay for.
 */
export function ConversationListPanel({
  list,
  messagesPaidFor = null,
}: {
  list: ConversationList;
  /** Null beside a conversation, whose send form says it. */
  messagesPaidFor?: number | null;
}) {
  const { t } = useTranslation();
  const { hidden } = useDeletedChats();
  // Pages of the list are pages of /chats (the layout reads `?page=` there only).
  const { pathname } = useLocation();
  const onListPage = pathname === "/chats";
  const isOpen = (id: number) => pathname === `/chats/${id}` || pathname.startsWith(`/chats/${id}/`);
  const items = list.items.filter((item) => !hidden.has(item.conversationId));
  const nameOf = (conversationId: number) => {
    const item = items.find((i) => i.conversationId === conversationId);
    return item && partnerName(item, t);
  };
  return (
    <nav aria-label={t("chat:list.title")} className="d-flex flex-column h-100">
      <div className="d-flex align-items-center justify-content-between gap-2 p-2 border-bottom">
        <h2 className="h5 text-primary mb-0">{t("chat:list.title")}</h2>
        <AppLink to="/members" className="btn btn-sm btn-outline-secondary">
          {t("chat:backToSite")}
        </AppLink>
      </div>
      {messagesPaidFor !== null && (
        <p className="small text-body-secondary p-2 mb-0 border-bottom" data-testid="chat-messages-left">
          {t("chat:form.paysFor", { count: messagesPaidFor })}
          {messagesPaidFor === 0 && (
            <AppLink to={BUY_CREDITS_PATH} className="ms-2">
              {t("chat:credits.buy")}
            </AppLink>
          )}
        </p>
      )}
      {items.length === 0 ? (
        <div className="p-3 text-body-secondary">
          <p>{t("chat:list.empty")}</p>
          <AppLink to="/members" className="btn btn-primary btn-sm">
            {t("chat:list.search")}
          </AppLink>
        </div>
      ) : (
        <DeleteChatsForm nameOf={nameOf}>
          <ul className="list-group list-group-flush" data-testid="chat-list-items">
            {items.map((item) => (
              <Item key={item.conversationId} item={item} active={isOpen(item.conversationId)} />
            ))}
          </ul>
        </DeleteChatsForm>
      )}
      {onListPage && (
        <div className="px-2">
          <Pager page={list.page} pageCount={list.pageCount} queryFor={(n) => `page=${n}`} />
        </div>
      )}
    </nav>
  );
}
