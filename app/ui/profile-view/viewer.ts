/** Who is looking at a profile: a logged-in member or a visitor. */
export type Viewer = "member" | "visitor";

/** The login page, returning to `path` afterwards. */
export function loginPath(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path)}`;
}
