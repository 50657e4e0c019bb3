import { data } from "react-router";
import { z } from "zod";
import { conversationWith, profileOwner } from "~/domain/chat/chat-gate.server";
import { deleteChat } from "~/domain/chat/delete-chat.server";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/api.chat";
import { readJson } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";

const deleteBody = z.union([z.object({ conversation: rowIdSchema }), z.object({ profile: rowIdSchema })]);

/** The conversation named by the body: by id, or by profile id: the one with that profile's owner. */
async function conversationIn(body: z.infer<typeof deleteBody>, userId: number) {
  if ("conversation" in body) return body.conversation;
  const owner = await profileOwner(body.profile, userId);
  return owner === null ? null : conversationWith(userId, owner);
}

/**
 * DELETE /api/chat.php, body {conversation} or {profile}: deletes the chat from
 * the member's list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = context.get(requestInfoContext);
  if (request.method !== "DELETE") {
    return data({ error: "method_not_allowed" }, { status: 405, headers: { ...noStore, Allow: "DELETE" } });
  }
  if (!user) return authenticationRequired();
  const body = deleteBody.safeParse(await readJson(request));
  if (!body.success) return data({ error: "invalid_request" }, { status: 400, headers: noStore });
  const conversationId = await conversationIn(body.data, user.id);
  if (conversationId === null || !(await deleteChat(user.id, conversationId))) {
    return data({ error: "not_found" }, { status: 404, headers: noStore });
  }
  return data({ ok: true }, { headers: noStore });
}
