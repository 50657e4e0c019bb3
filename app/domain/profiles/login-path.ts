/** Why a visitor is asked to log in: each action has its own message. */
export const LOGIN_REASONS = ["like", "chat", "gift"] as const;
type LoginReason = (typeof LOGIN_REASONS)[number];

/** The login page, returning to `path` afterwards and saying why a login is needed. */
export function loginPath(path: string, reason?: LoginReason): string {
  const query = `redirectTo=${encodeURIComponent(path)}`;
  return `/login?${query}${reason ? `&reason=${reason}` : ""}`;
}
