import { useTranslation } from "~/ui/use-translation";
import type { ChatPartner } from "~/domain/chat/chat-types";

/** The other member's round thumbnail, or their initial when there is no approved public photo. */
export function PartnerAvatar({ partner, size = 48 }: { partner: ChatPartner; size?: number }) {
  const { t } = useTranslation();
  const name = partner.name ?? t("chat:list.deletedMember");
  if (partner.mainPhotoId !== null) {
    return (
      <img
        src={`/photos/${partner.mainPhotoId}/thumb`}
        alt={t("chat:list.photoOf", { name })}
        width={size}
        height={size}
        className="avatar"
        loading="lazy"
      />
    );
  }
  return (
    <span className="avatar avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
      {[...name][0]?.toUpperCase()}
    </span>
  );
}
