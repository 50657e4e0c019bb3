import { data } from "react-router";
import { likesForApi } from "~/domain/likes/overview.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/api.likes";

/** GET /api/likes.php: `profiles` the member likes and `liked_by` ({id, like_new}). */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestInfoContext);
  if (!user) return authenticationRequired();
  return data(await likesForApi(user.id), { headers: noStore });
}
