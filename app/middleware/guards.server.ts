import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/middleware/context";
import type { SessionUser } from "~/domain/accounts/session.server";
import { loginPath, type LoginReason } from "./login-path";
import { visitorAccess } from "./visitor-access.server";
import { isAdmin, isStaff } from "~/domain/core/staff-roles";

type Context = Readonly<RouterContextProvider>;

/**
 * Where a visitor goes back to after logging in (`back`: the requested page, path and query, unless
 * given) and the reason the login page names.
 */
export interface LoginReturn {
  back?: string;
  reason?: LoginReason;
}

/** The redirect to the login page that returns to `back` (or the requested page) afterwards. */
export function loginRedirect(request: Request, { back, reason }: LoginReturn = {}) {
  const url = new URL(request.url);
  return redirect(loginPath(back ?? url.pathname + url.search, reason));
}

/** Any logged-in member; visitors go to the login page and come back afterwards. */
export function requireUser(context: Context, request: Request, login?: LoginReturn): SessionUser {
  const { user } = context.get(requestInfoContext);
  if (!user) throw loginRedirect(request, login);
  return user;
}

/**
 * Search pages (member search, match finder, profiles): members always; visitors only as
 * `visitorAccess` allows, otherwise they are sent to the login page and back.
 */
export function requireSearchAccess(context: Context, request: Request): SessionUser | null {
  const { site, user } = context.get(requestInfoContext);
  if (user) return user;
  if (visitorAccess(site, request).mayBrowse) return null;
  return requireUser(context, request);
}

/** A member who confirmed the e-mail address; others are asked to confirm it first. */
export function requireConfirmedUser(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.status !== "confirmed") throw redirect("/complete-signup");
  return user;
}

/** Staff (support or admin) only; to everyone else the page does not exist. */
export function requireStaff(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!isStaff(user.role)) throw data(null, { status: 404 });
  return user;
}

/** Admin only (settings, money, staff accounts); to members and support the page does not exist. */
export function requireAdmin(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!isAdmin(user.role)) throw data(null, { status: 404 });
  return user;
}

/** Pages for visitors only (login, signup): logged-in members go on to the site. */
export function requireAnonymous(context: Context) {
  if (context.get(requestInfoContext).user) throw redirect("/");
}
