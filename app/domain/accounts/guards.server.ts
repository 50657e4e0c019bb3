import { data, redirect, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/context";
import { env, usesEmbeddedDatabase } from "~/lib/env.server";
import type { SessionUser } from "./session.server";
import { visitorAccess } from "./visitor-access.server";

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

/**
 * Search pages (member search, match finder, profiles): members always; visitors only as
 * `visitorAccess` allows, otherwise they are sent to the login page and back.
 */
export function requireSearchAccess(
  context: Readonly<RouterContextProvider>,
  request: Request,
): SessionUser | null {
  const { site, user } = context.get(requestInfoContext);
  if (user) return user;
  if (visitorAccess(site, request).mayBrowse) return null;
  return requireUser(context, request);
}

/**
 * A stand-in's page (mail and SMS outbox, the Mollie simulator's checkout): only while the stand-in
 * runs, and on an external database (STANDINS=true, staging) only for staff, since it shows links
 * and codes that open accounts and confirm payments. A page of one member's own (`ownerId`: the
 * checkout of the payment they started, null when no member started it) is that member's and
 * staff's, in every mode: settling someone else's payment would hand them credits for nothing.
 * Anyone else gets 404.
 */
export function requireStandInPage(context: Context, running: boolean, ownerId?: number | null) {
  const { user } = context.get(requestInfoContext);
  const staff = user?.role === "staff";
  const allowed =
    ownerId === undefined
      ? staff || usesEmbeddedDatabase()
      : staff || (ownerId !== null && user?.id === ownerId);
  if (!running || !allowed) throw data(null, { status: 404 });
}

/**
 * The mail and SMS outboxes: as requireStandInPage, and in production (NODE_ENV=production) only for
 * staff on the embedded database too: `npm start` and a Docker image without DATABASE_URL run on it,
 * and the outbox shows password reset links and direct-debit codes to whoever opens it. `npm run dev`
 * and the tests keep them open on the embedded database.
 */
export function requireOutboxPage(context: Context, running: boolean) {
  requireStandInPage(context, running);
  const { user } = context.get(requestInfoContext);
  if (env().NODE_ENV === "production" && user?.role !== "staff") throw data(null, { status: 404 });
}
