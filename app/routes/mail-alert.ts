import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { resumeMails } from "~/domain/accounts/settings.server";
import { dismissMailsOffAlert } from "~/domain/notifications/mails-off-alert.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/mail-alert";
import { readFields } from "~/middleware/request-body.server";

const alertForm = z.object({
  intent: z.enum(["resumeMails", "dismiss"]),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * POST /mail-alert: the disabled-notifications alert's buttons: turn mail on again (clears the
 * reasons but a bounce) or close the alert (stores the time). Plain forms; back to the page they came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = alertForm.safeParse(await readFields(request));
  if (!form.success) throw data(null, { status: 400 });
  if (form.data.intent === "resumeMails") await resumeMails(user.id);
  else await dismissMailsOffAlert(user.id);
  return redirect(safeRedirectPath(form.data.redirectTo));
}

export function loader() {
  throw data(null, { status: 405 });
}
