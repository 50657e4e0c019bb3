import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/context";
import type { SessionUser } from "./session.server";

type Context = Readonly<RouterContextProvider>;

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Any logged-in member; visitors go to the login page and come back afterwards. */
export function requireUser(context: Context, request: Request): SessionUser {
  const { user } = context.get(requestInfoContext);
  if (!user) throw loginRedirect(request);
  return user;
}

/** A member who confirmed the e-mail address; others are asked to confirm it first. */
export function requireConfirmedUser(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.status !== "confirmed") throw redirect("/complete-signup");
  return user;
}

/** A Premium (paying) member; others get 403 with the premium-only message. */
export function requirePremium(context: Context, request: Request): SessionUser {
  const user = requireConfirmedUser(context, request);
  if (!user.paidUser) throw data({ reason: "premium" }, { status: 403 });
  return user;
}

/** Staff only; to everyone else the page does not exist. */
export function requireStaff(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.role !== "staff") throw data(null, { status: 404 });
  return user;
}

/** Pages for visitors only (login, signup): logged-in members go on to the site. */
export function requireAnonymous(context: Context) {
  if (context.get(requestInfoContext).user) throw redirect("/");
}
