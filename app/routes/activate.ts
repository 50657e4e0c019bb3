import { redirect } from "react-router";
import { createSession, endSession } from "~/domain/accounts/session.server";
import { activateAccount } from "~/domain/accounts/signup.server";
import { chatAfterActivation } from "~/domain/landers/member-lander.server";
import { requestInfoContext } from "~/lib/context";
import type { Route } from "./+types/activate";

/**
 * The activation link from the mail (GET /activate?token=…): single use, expires. Confirms the
 * member, logs them in and shows /activate/done (or, after a member lander's signup, the chat with
 * that member). Opened again (a mail scanner may have been first), it logs no one in and shows
 * /activate/done, which offers the login; any bad link goes to /activate/error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const activated = await activateAccount(token);
  if (!activated) return redirect("/activate/error");
  if (!activated.firstUse) return redirect("/activate/done");
  const next = (await chatAfterActivation(activated.userId)) ?? "/activate/done";
  const { user } = context.get(requestInfoContext);
  if (user?.id === activated.userId) return redirect(next);
  // Someone else was logged in on this browser: that session ends, the new member's begins.
  if (user) await endSession(request);
  return redirect(next, {
    headers: { "Set-Cookie": await createSession(activated.userId, request) },
  });
}
