import { redirect } from "react-router";
import { endSession } from "~/domain/accounts/session.server";
import type { Route } from "./+types/logout";

/** POST /logout (the account menu's form) and GET /api/logout.php (SPEC section 7) end the session. */
async function logout(request: Request) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

export const action = ({ request }: Route.ActionArgs) => logout(request);
export const loader = ({ request }: Route.LoaderArgs) => logout(request);
