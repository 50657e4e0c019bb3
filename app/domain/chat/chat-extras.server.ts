import { Prisma } from "~/generated/prisma/client";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { Site } from "~/domain/sites/site.server";
import { queryPrepared } from "~/lib/db.server";
import type { ChatExtrasData, GiftItem } from "./chat-types";
import { messagesPaidFor } from "./message-price";
import { textMessagePrice } from "./message-price.server";
import { newSendKey } from "./send-key";

/**
 * For the open pickers only: the site's gift catalogue (active gifts, in catalogue order)
 * and the member's own approved photos, in one statement; null for a closed one.
 */
async function pickerContents(siteId: number, userId: number, open: { gifts: boolean; photos: boolean }) {
  if (!open.gifts && !open.photos) return { gifts: null, ownPhotos: null };
  const [row] = await queryPrepared<{ gifts: GiftItem[] | null; photoIds: number[] | null }>(Prisma.sql`
    SELECT
      CASE WHEN ${open.gifts}::boolean THEN coalesce((SELECT json_agg(json_build_object('id', g.id, 'code', g.code, 'image', g.image, 'names', g.names)
        ORDER BY g."sortOrder", g.id) FROM "Gift" g WHERE g."siteId" = ${siteId} AND g.active), '[]'::json) END AS gifts,
      CASE WHEN ${open.photos}::boolean THEN ARRAY(SELECT ph.id FROM "Photo" ph JOIN "Profile" p ON p.id = ph."profileId"
        WHERE p."userId" = ${userId} AND ph.status = 'active' ORDER BY ph.id) END AS "photoIds"`);
  return {
    gifts: row!.gifts,
    ownPhotos: row!.photoIds?.map((id) => ({ id, thumbUrl: `/photos/${id}/thumb` })) ?? null,
  };
}

/**
 * What a conversation page offers next to its send form: the price of a message and how many the
 * member's credits pay for, the extras' notices, and the contents of an open picker: the gift picker with `?gifts=1`, the photo picker
 * with `?photos=1` or after a photo was refused (to choose another).
 */
export async function loadChatExtras(
  user: Pick<SessionUser, "id" | "profile" | "credits">,
  site: Pick<
    Site,
    "id" | "photoCredits" | "giftCredits" | "messageLength" | "messageCredits" | "minimumMessageCosts"
  >,
  shown: { notices: ChatExtrasData["notices"]; giftsOpen: boolean; photosOpen: boolean },
): Promise<ChatExtrasData> {
  const { notices } = shown;
  const open = { gifts: shown.giftsOpen, photos: shown.photosOpen || notices.photoError !== null };
  const [{ gifts, ownPhotos }, messagePrice] = await Promise.all([
    pickerContents(site.id, user.id, open),
    textMessagePrice(site, user.profile?.country ?? null),
  ]);
  return {
    gifts,
    ownPhotos,
    messagePrice,
    messagesPaidFor: messagesPaidFor(user.credits, messagePrice),
    photoPrice: site.photoCredits,
    giftPrice: site.giftCredits,
    sendKey: newSendKey(),
    notices,
  };
}
