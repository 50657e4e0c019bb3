import { data } from "react-router";
import { isLocale } from "~/lib/i18n";
import { clientResources, clientResourcesVersion } from "~/lib/i18n-resources.server";
import type { Route } from "./+types/resources.locales";

/** The browser's translations for one language; cached for a year when the version matches. */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isLocale(params.lng)) throw data(null, { status: 404 });
  const versioned = new URL(request.url).searchParams.get("v") === clientResourcesVersion;
  return Response.json(clientResources(params.lng), {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
