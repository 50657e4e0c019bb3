// Who may open a stand-in's page: the stand-ins' own rule, beside the pages it guards.
import { data, type RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/middleware/context";
import { env, usesEmbeddedDatabase } from "~/lib/env.server";
import { isStaff } from "~/domain/core/staff-roles";

type Context = Readonly<RouterContextProvider>;

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
  const staff = user ? isStaff(user.role) : false;
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
  if (env().NODE_ENV === "production" && !(user && isStaff(user.role))) throw data(null, { status: 404 });
}
