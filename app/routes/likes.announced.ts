import { redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { markLikeAnnounced } from "~/domain/likes/new-likes.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/likes.announced";
import { readFields } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";

const dismissForm = z.object({
  like: rowIdSchema,
  redirectTo: z.string().optional(),
});

/** POST /likes/announced: the no-JavaScript "new like" banner was dismissed; back to the page without `t`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = dismissForm.safeParse(await readFields(request));
  const back = new URL(safeRedirectPath(form.data?.redirectTo), "http://local");
  back.searchParams.delete("t");
  if (form.success) await markLikeAnnounced(user.id, form.data.like);
  return redirect(back.pathname + back.search);
}
