import { data } from "react-router";
import { announceNewestLike } from "~/domain/likes/new-likes.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/api.auto-like";
import { matchPath } from "./+api/main-image";

/**
 * GET /api/auto-like.php: the liker's profile of the newest like not announced yet
 * (`id`, `main_image.match`, plus `name` for the modal), which is marked announced; null when none.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestInfoContext);
  if (!user) return authenticationRequired();
  const like = await announceNewestLike(user.id);
  const profile = like && {
    id: like.profileId,
    name: like.name,
    main_image: like.mainPhotoId === null ? null : { match: matchPath(like.mainPhotoId) },
  };
  return data({ profile }, { headers: noStore });
}
