/** Who is looking at a profile: a logged-in member or a visitor. */
export type Viewer = "member" | "visitor";

export { loginPath } from "~/middleware/login-path";
