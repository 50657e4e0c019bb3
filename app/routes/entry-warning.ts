import { redirect } from "react-router";
import { ENTRY_WARNING_COOKIE, cookieHeader } from "~/lib/cookies.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/entry-warning";
import { readForm } from "~/middleware/request-body.server";

/** Accepting the entry warning stores the moment of dismissal, then returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    headers: { "Set-Cookie": cookieHeader(ENTRY_WARNING_COOKIE, String(Date.now())) },
  });
}

export function loader() {
  return redirect("/");
}
