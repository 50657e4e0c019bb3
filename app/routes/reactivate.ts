import { redirect } from "react-router";
import { reactivateAccount } from "~/domain/accounts/reactivate-account.server";
import { createSession } from "~/domain/accounts/session.server";
import type { Route } from "./+types/reactivate";

/** GET /reactivate?token=…: the link in the mail after a deletion; reactivates the account and logs in. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await reactivateAccount(token);
  if (!result.ok) return redirect("/account-deleted?error=link");
  const cookie = await createSession(result.userId, request);
  return redirect("/settings?saved=reactivated", { headers: { "Set-Cookie": cookie } });
}
