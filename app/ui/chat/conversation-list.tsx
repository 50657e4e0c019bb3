import { useTranslation } from "~/ui/use-translation";
import { Link, NavLink, useLocation } from "react-router";
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

function Item({ item }: { item: ConversationListItem }) {
  const { t } = useTranslation();
  const name = item.partner.name ?? t("chat:list.deletedMember");
  return (
    <li className="list-group-item p-0 d-flex align-items-center" data-testid="chat-list-item">
      <NavLink
        to={`/chats/${item.conversationId}`}
        className={({ isActive }) =>
          `d-flex align-items-center gap-2 p-2 flex-grow-1 min-w-0 text-reset text-decoration-none${isActive ? " bg-primary-subtle" : ""}`
        }
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
      </NavLink>
      <DeleteChatButton conversationId={item.conversationId} name={name} compact />
    </li>
  );
}

/** SPEC "Chats": the member's conversations, newest first, with photo, name, last message and unread count. */
export function ConversationListPanel({ list }: { list: ConversationList }) {
  const { t } = useTranslation();
  const { hidden } = useDeletedChats();
  // Pages of the list are pages of /chats (the layout reads `?page=` there only).
  const onListPage = useLocation().pathname === "/chats";
  const items = list.items.filter((item) => !hidden.has(item.conversationId));
  return (
    <nav aria-label={t("chat:list.title")} className="d-flex flex-column h-100">
      <div className="d-flex align-items-center justify-content-between gap-2 p-2 border-bottom">
        <h2 className="h5 text-primary mb-0">{t("chat:list.title")}</h2>
        <Link to="/members" className="btn btn-sm btn-outline-secondary">
          {t("chat:backToSite")}
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="p-3 text-body-secondary">
          <p>{t("chat:list.empty")}</p>
          <Link to="/members" className="btn btn-primary btn-sm">
            {t("chat:list.search")}
          </Link>
        </div>
      ) : (
        <ul className="list-group list-group-flush" data-testid="chat-list-items">
          {items.map((item) => (
            <Item key={item.conversationId} item={item} />
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
