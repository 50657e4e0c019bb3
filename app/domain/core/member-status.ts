import type { UserStatus } from "~/generated/prisma/enums";

/**
 * A member who is gone for everyone else: deleted, or banned while the ban is open
 * (docs/product.md, Bans). Their profile answers 404, chats show them as a deleted member, and
 * nothing new reaches them or comes from them; their messages, photos and likes stay, so lifting a
 * ban (or reactivating within the grace period) brings everything back.
 */
export function isGone(status: UserStatus | string | null | undefined): boolean {
  return status === "deleted" || status === "banned";
}
