import { interestsBody } from "~/domain/sites/public-calls.server";
import { cachedJson } from "~/lib/cached-json.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/api.interests";

/** GET /api/interests.php: the interest codes with their names in the reader's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  return cachedJson(request, interestsBody(getInstance(context).t, getLocale(context)));
}
