import { visibleMemberWhere } from "~/domain/profiles/visible-member";
import { isBlockedBetween } from "~/domain/profiles/blocks.server";
import { db } from "~/lib/db.server";

/**
 * The member a notification names ("Anna sent you a message"), checked when it goes out, which may
 * be minutes after the message: only while others may see them (confirmed, not invisible, an active
 * profile; not deleted or disabled since) and while neither blocks the other. Null otherwise, and
 * the notification is dropped. For the message mail and the pushes alike.
 */
export async function noticeSender(senderId: number, recipientId: number) {
  const sender = await db().user.findFirst({
    where: { id: senderId, ...visibleMemberWhere },
    select: {
      profile: {
        select: {
          id: true,
          name: true,
          mainPhoto: { select: { id: true, status: true, visibility: true } },
        },
      },
    },
  });
  if (!sender?.profile || (await isBlockedBetween(senderId, recipientId))) return null;
  return sender.profile;
}
