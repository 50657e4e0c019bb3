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

/**
 * A visible member who may also appear in lists (the likes lists): not held after reports from
 * several members (docs/product.md, Trust and first contact) until staff decide. Search and the
 * other lists read the same through Profile.listedSiteId.
 */
export const listedMemberWhere = {
  ...visibleMemberWhere,
  reportHoldAt: null,
} satisfies Prisma.UserWhereInput;
