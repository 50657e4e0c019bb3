import { data } from "react-router";
import { z } from "zod";
import { deleteChat } from "~/domain/chat/delete-chat.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/lib/context";
import type { Route } from "./+types/api.chat";

const deleteBody = z.object({ conversation: z.coerce.number().int().positive().max(2_147_483_647) });

/** DELETE /api/chat.php, body {conversation} (SPEC section 7): deletes the chat from the member's list. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = context.get(requestInfoContext);
  if (request.method !== "DELETE") {
    return data({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "DELETE" } });
  }
  if (!user) return authenticationRequired();
  const body = deleteBody.safeParse(await request.json().catch(() => null));
  if (!body.success) return data({ error: "invalid_request" }, { status: 400, headers: noStore });
  if (!(await deleteChat(user.id, body.data.conversation))) {
    return data({ error: "not_found" }, { status: 404, headers: noStore });
  }
  return data({ ok: true }, { headers: noStore });
}
