import { data } from "react-router";
import { isLocale } from "~/lib/i18n";
import { clientNamespaces, clientResources, clientResourcesVersion } from "~/lib/i18n-resources.server";
import type { Route } from "./+types/resources.locales";

/**
 * The browser's translations for one language: the namespaces in `ns` (comma-separated; all without
 * it). Cached for a year when the version matches.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isLocale(params.lng)) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const namespaces = query.get("ns")?.split(",") ?? clientNamespaces;
  if (namespaces.some((namespace) => !clientNamespaces.includes(namespace)))
    throw data(null, { status: 404 });
  const versioned = query.get("v") === clientResourcesVersion;
  return Response.json(clientResources(params.lng, namespaces), {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
