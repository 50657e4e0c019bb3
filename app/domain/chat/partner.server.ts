import { cardPhotoId } from "~/domain/profiles/member-card";
import { db } from "~/lib/db.server";
import type { ChatPartner } from "./chat-types";
import { isGone } from "~/domain/core/member-status";

/** The chat's view of other members (name, profile id, approved public main photo), by user id. */
export async function partnersById(userIds: number[]): Promise<Map<number, ChatPartner>> {
  const users = await db().user.findMany({
    where: { id: { in: [...new Set(userIds)] } },
    select: {
      id: true,
      status: true,
      profile: {
        select: { id: true, name: true, mainPhoto: { select: { id: true, status: true, visibility: true } } },
      },
    },
  });
  const partners = new Map<number, ChatPartner>();
  for (const userId of userIds) {
    const user = users.find((u) => u.id === userId);
    const profile = user && !isGone(user.status) ? user.profile : null;
    partners.set(userId, {
      userId,
      profileId: profile?.id ?? null,
      name: profile?.name ?? null,
      mainPhotoId: profile ? cardPhotoId(profile.mainPhoto) : null,
    });
  }
  return partners;
}
