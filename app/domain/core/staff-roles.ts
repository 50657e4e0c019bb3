// Staff are members of a site's team with one of two roles (docs/product.md, Staff): support
// handles members, complaints, photos and reports; admin may do everything support does and also
// change the site's settings, packages, gifts, discount codes, refunds, mailings, campaign links
// and the staff accounts themselves.

/** Roles an admin gives on /staff/team. */
export const STAFF_ROLES = ["support", "admin"] as const;

/** Support or admin: may open the back office. */
export function isStaff(role: string): boolean {
  return role === "support" || role === "admin";
}

/** Admin only: the site's settings, money and staff accounts. */
export function isAdmin(role: string): boolean {
  return role === "admin";
}
