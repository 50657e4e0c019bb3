import { useTranslation } from "~/ui/use-translation";
import { useLocation } from "react-router";
import { AppLink } from "~/ui/app-link";
import type { ConversationList, ConversationListItem } from "~/domain/chat/chat-types";
import { Pager } from "~/ui/search-results";
import { DeleteChatButton } from "./delete-chat-button";
import { useDeletedChats } from "./deleted-chats";
import { PartnerAvatar } from "./partner-avatar";

function Preview({ item }: { item: ConversationListItem }) {
  const { t } = useTranslation();
  const message = item.lastMessage;
  if (!message) return <>{t("chat:list.noMessages")}</>;
  const text = message.kind === "text" ? message.body : t(`chat:preview.${message.kind}`);
  return (
    <>
      {message.own && t("chat:list.you")}
      {text}
    </>
  );
}

/** `active`: the open conversation (or a page under it), marked like a NavLink would be. */
function Item({ item, active }: { item: ConversationListItem; active: boolean }) {
  const { t } = useTranslation();
  const name = item.partner.name ?? t("chat:list.deletedMember");
  return (
    <li className="list-group-item p-0 d-flex align-items-center" data-testid="chat-list-item">
      <AppLink
        to={`/chats/${item.conversationId}`}
        aria-current={active ? "page" : undefined}
        className={`d-flex align-items-center gap-2 p-2 flex-grow-1 min-w-0 text-reset text-decoration-none${active ? " bg-primary-subtle" : ""}`}
      >
        <PartnerAvatar partner={item.partner} />
        <span className="flex-grow-1 overflow-hidden">
          <span className="d-flex justify-content-between gap-2">
            <span className={`text-truncate${item.unreadCount > 0 ? " fw-bold" : " fw-semibold"}`}>
              {name}
            </span>
            {item.unreadCount > 0 && (
              <span
                className="badge rounded-pill text-bg-danger align-self-center"
                data-testid="chat-unread"
                aria-label={t("chat:list.unread", { count: item.unreadCount })}
              >
                {item.unreadCount > 99 ? "99+" : item.unreadCount}
              </span>
            )}
          </span>
          <span className="d-block small text-body-secondary text-truncate" data-testid="chat-preview">
            <Preview item={item} />
          </span>
        </span>
      </AppLink>
      <DeleteChatButton conversationId={item.conversationId} name={name} compact />
    </li>
  );
}

/** SPEC "Chats": the member's conversations, newest first, with photo, name, last message and unread count. */
export function ConversationListPanel({ list }: { list: ConversationList }) {
  const { t } = useTranslation();
  const { hidden } = useDeletedChats();
  // Pages of the list are pages of /chats (the layout reads `?page=` there only).
  const { pathname } = useLocation();
  const onListPage = pathname === "/chats";
  const isOpen = (id: number) => pathname === `/chats/${id}` || pathname.startsWith(`/chats/${id}/`);
  const items = list.items.filter((item) => !hidden.has(item.conversationId));
  return (
    <nav aria-label={t("chat:list.title")} className="d-flex flex-column h-100">
      <div className="d-flex align-items-center justify-content-between gap-2 p-2 border-bottom">
        <h2 className="h5 text-primary mb-0">{t("chat:list.title")}</h2>
        <AppLink to="/members" className="btn btn-sm btn-outline-secondary">
          {t("chat:backToSite")}
        </AppLink>
      </div>
      {items.length === 0 ? (
        <div className="p-3 text-body-secondary">
          <p>{t("chat:list.empty")}</p>
          <AppLink to="/members" className="btn btn-primary btn-sm">
            {t("chat:list.search")}
          </AppLink>
        </div>
      ) : (
        <ul className="list-group list-group-flush" data-testid="chat-list-items">
          {items.map((item) => (
            <Item key={item.conversationId} item={item} active={isOpen(item.conversationId)} />
          ))}
        </ul>
      )}
      {onListPage && (
        <div className="px-2">
          <Pager page={list.page} pageCount={list.pageCount} queryFor={(n) => `page=${n}`} />
        </div>
      )}
    </nav>
  );
}
