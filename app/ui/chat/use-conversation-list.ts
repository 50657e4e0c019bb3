import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/_layout.chat";

/** The chat layout's conversation list (null for visitors), for pages that show it themselves below 992 px. */
export function useConversationList() {
  return useRouteLoaderData<typeof loader>("routes/_layout.chat")?.list ?? null;
}
