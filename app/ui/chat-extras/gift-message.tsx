import { Icon } from "~/ui/icons";
import { useTranslation } from "~/ui/use-translation";
import type { ChatMessage } from "~/domain/chat/chat-types";
import { giftName } from "./gift-name";

/**
 * A gift in the conversation: its picture (the translated name as alt text) with the name under it.
 * A message whose gift is unknown shows a generic gift.
 */
export function GiftMessage({ gift }: { gift: ChatMessage["gift"] }) {
  const { t, language } = useTranslation();
  if (gift === null) {
    return (
      <span data-testid="message-gift">
        <Icon name="gift" /> {t("chat:message.gift")}
      </span>
    );
  }
  const name = giftName(t, gift.code, gift.names, language);
  return (
    <span className="chat-gift" data-testid="message-gift">
      <img src={gift.image} alt={name} width={64} height={64} loading="lazy" />
      {/* The picture's alt text already names it for screen readers. */}
      <span aria-hidden="true" data-testid="message-gift-name">
        {name}
      </span>
    </span>
  );
}
