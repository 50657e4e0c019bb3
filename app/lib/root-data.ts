import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;
/** The logged-in member as the root loader gives them to the layouts. */
export type RootUser = NonNullable<RootData["user"]>;

/** The root loader's data; undefined only when the root loader itself failed. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
