import { Prisma } from "~/generated/prisma/client";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { Site } from "~/domain/sites/site.server";
import { queryPrepared } from "~/lib/db.server";
import type { ChatExtrasData } from "./chat-types";
import { extrasNotices } from "./extras-actions.server";
import type { GiftItem } from "./gifts.server";
import { textMessagePrice } from "./message-price.server";
import { newSendKey } from "./send-key";

/**
 * The site's gift catalogue (active, in catalogue order: giftCatalogue) and the member's own approved
 * photos (ownPhotoChoices), read together in one statement.
 */
async function giftsAndOwnPhotos(siteId: number, userId: number) {
  const [row] = await queryPrepared<{ gifts: GiftItem[]; photoIds: number[] }>(Prisma.sql`
    SELECT
      coalesce((SELECT json_agg(json_build_object('id', g.id, 'code', g.code, 'image', g.image)
        ORDER BY g."sortOrder", g.id) FROM "Gift" g WHERE g."siteId" = ${siteId} AND g.active), '[]'::json) AS gifts,
      ARRAY(SELECT ph.id FROM "Photo" ph JOIN "Profile" p ON p.id = ph."profileId"
        WHERE p."userId" = ${userId} AND ph.status = 'active' ORDER BY ph.id) AS "photoIds"`);
  return {
    gifts: row!.gifts,
    ownPhotos: row!.photoIds.map((id) => ({ id, thumbUrl: `/photos/${id}/thumb` })),
  };
}

/**
 * What a conversation page offers next to its send form: the price of a message, gifts, own photos,
 * and the extras' notices.
 */
export async function loadChatExtras(
  user: Pick<SessionUser, "id" | "profile">,
  site: Pick<
    Site,
    "id" | "photoCredits" | "giftCredits" | "messageLength" | "messageCredits" | "minimumMessageCosts"
  >,
  url: string,
): Promise<ChatExtrasData> {
  const [{ gifts, ownPhotos }, messagePrice] = await Promise.all([
    giftsAndOwnPhotos(site.id, user.id),
    textMessagePrice(site, user.profile?.country ?? null),
  ]);
  return {
    gifts,
    ownPhotos,
    messagePrice,
    photoPrice: site.photoCredits,
    giftPrice: site.giftCredits,
    sendKey: newSendKey(),
    notices: extrasNotices(url, site.messageLength),
  };
}
