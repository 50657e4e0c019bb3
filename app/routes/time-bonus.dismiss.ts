import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { dismissTimeBonus } from "~/domain/payments/discounts.server";
import { noStore } from "~/lib/api-responses.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/time-bonus.dismiss";
import { readFields } from "~/middleware/request-body.server";

const dismissForm = z.object({ redirectTo: z.string().max(2000).optional() });

/**
 * POST /time-bonus/dismiss: the member closed the time-bonus modal, which then does not show again.
 * A plain form (with `redirectTo`) returns to its page; the modal's fetcher gets `{ok: true}`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = dismissForm.safeParse(await readFields(request));
  await dismissTimeBonus(user.id);
  const redirectTo = form.success ? form.data.redirectTo : undefined;
  if (redirectTo !== undefined) return redirect(safeRedirectPath(redirectTo));
  return data({ ok: true }, { headers: noStore });
}
