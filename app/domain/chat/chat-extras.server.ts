import type { SessionUser } from "~/domain/accounts/session.server";
import type { Site } from "~/domain/sites/site.server";
import { ownPhotoChoices } from "./chat-photos.server";
import type { ChatExtrasData } from "./chat-types";
import { extrasNotices } from "./extras-actions.server";
import { giftCatalogue } from "./gifts.server";
import { textMessagePrice } from "./message-price.server";

/**
 * What a conversation page offers next to its send form: the price of a message, gifts, own photos,
 * and the extras' notices.
 */
export async function loadChatExtras(
  user: Pick<SessionUser, "id" | "profile">,
  site: Pick<Site, "id" | "photoCredits" | "messageLength" | "messageCredits" | "minimumMessageCosts">,
  url: string,
): Promise<ChatExtrasData> {
  const [gifts, ownPhotos, messagePrice] = await Promise.all([
    giftCatalogue(site.id),
    ownPhotoChoices(user.id),
    textMessagePrice(site, user.profile?.country ?? null),
  ]);
  return {
    gifts,
    ownPhotos,
    messagePrice,
    photoPrice: site.photoCredits,
    notices: extrasNotices(url, site.messageLength),
  };
}
