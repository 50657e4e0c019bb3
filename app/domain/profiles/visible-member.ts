import type { Prisma } from "~/generated/prisma/client";

/**
 * A member others may see and like: confirmed, not invisible, with an active profile. Likes from
 * members who are hidden (deleted, invisible, disabled) are neither listed nor counted until they
 * are visible again.
 */
export const visibleMemberWhere = {
  status: "confirmed",
  invisible: false,
  profile: { is: { status: "active" } },
} satisfies Prisma.UserWhereInput;
