import { Icon } from "~/ui/icons";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { ChatPartner } from "~/domain/chat/chat-types";
import { DeleteChatButton } from "./delete-chat-button";
import { PartnerAvatar } from "./partner-avatar";

/** The conversation's top line: back to the list (unless it shows beside), the other member, delete. */
export function ConversationHeader({
  partner,
  conversationId,
}: {
  partner: ChatPartner;
  conversationId: number | null;
}) {
  const { t } = useTranslation();
  const name = partner.name ?? t("chat:list.deletedMember");
  return (
    <header className="d-flex align-items-center gap-2 p-2 border-bottom">
      <Link
        to="/chats"
        className="btn btn-sm btn-outline-secondary chat-back"
        aria-label={t("chat:conversation.back")}
      >
        <Icon name="back" />
      </Link>
      <PartnerAvatar partner={partner} size={40} />
      <h1 className="h5 mb-0 flex-grow-1 text-truncate" data-testid="chat-partner">
        {partner.profileId !== null ? (
          <Link to={`/members/${partner.profileId}`} className="text-reset text-decoration-none">
            {name}
          </Link>
        ) : (
          name
        )}
      </h1>
      {conversationId !== null && <DeleteChatButton conversationId={conversationId} name={name} />}
    </header>
  );
}
