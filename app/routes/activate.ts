import { redirect } from "react-router";
import { createSession, endSession } from "~/domain/accounts/session.server";
import { activateAccount } from "~/domain/accounts/signup.server";
import { requestInfoContext } from "~/lib/context";
import type { Route } from "./+types/activate";

/**
 * The activation link from the mail (GET /activate?token=…): single use, expires. Confirms the
 * member, logs them in and shows /activate/done; any bad link goes to /activate/error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const activated = await activateAccount(token);
  if (!activated) return redirect("/activate/error");
  const { user } = context.get(requestInfoContext);
  if (user?.id === activated.userId) return redirect("/activate/done");
  // Someone else was logged in on this browser: that session ends, the new member's begins.
  if (user) await endSession(request);
  return redirect("/activate/done", {
    headers: { "Set-Cookie": await createSession(activated.userId, request) },
  });
}
