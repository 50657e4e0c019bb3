import type { Site } from "~/domain/sites/site.server";
import { ownPhotoChoices } from "./chat-photos.server";
import type { ChatExtrasData } from "./chat-types";
import { extrasNotices } from "./extras-actions.server";
import { giftCatalogue } from "./gifts.server";

/** What a conversation page offers next to its send form: gifts, own photos, and the extras' notices. */
export async function loadChatExtras(
  userId: number,
  site: Pick<Site, "id" | "photoCredits" | "messageLength">,
  url: string,
): Promise<ChatExtrasData> {
  const [gifts, ownPhotos] = await Promise.all([giftCatalogue(site.id), ownPhotoChoices(userId)]);
  return { gifts, ownPhotos, photoPrice: site.photoCredits, notices: extrasNotices(url, site.messageLength) };
}
