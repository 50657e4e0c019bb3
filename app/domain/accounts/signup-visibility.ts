/** The site's `signups` setting (docs/product.md, Accounts). */
type SignupPolicy = "all" | "with_trafficsource" | "invite_only";

/**
 * Whether the signup form is offered. `all` always; `with_trafficsource` only to
 * visitors who arrived with a traffic source; anything else shows the invite-only notice.
 */
export function signupsOpen(policy: SignupPolicy, trafficSource: boolean): boolean {
  if (policy === "all") return true;
  if (policy === "with_trafficsource") return trafficSource;
  return false;
}
