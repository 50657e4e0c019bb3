import { data, redirect } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/domain/accounts/session.server";
import type { Site } from "~/domain/sites/site.server";
import { deleteChat, deleteOwnMessage, isConversationMember } from "~/domain/chat/delete-chat.server";
import { SEND_KEY_PATTERN } from "~/domain/chat/send-key";
import { sendMessage, type SendInput } from "~/domain/chat/send-message.server";
import { readFields } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";

const formSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("send"),
    body: z.string().max(100_000).default(""),
    sendKey: z.string().regex(SEND_KEY_PATTERN).optional(),
    /** Set by the browser's script: answer with JSON instead of redirecting. */
    js: z.literal("1").optional(),
  }),
  z.object({ intent: z.literal("deleteChat"), confirm: z.literal("1").optional() }),
  z.object({
    intent: z.literal("deleteMessage"),
    messageId: rowIdSchema,
    confirm: z.literal("1").optional(),
  }),
]);

const notFound = () => data(null, { status: 404 });

/** The conversation id of `/chats/{id}` (anything else is a 404). */
export function conversationIdFrom(params: { id?: string }): number {
  const parsed = rowIdSchema.safeParse(params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

async function send(
  user: SessionUser,
  site: Site,
  to: SendInput["to"],
  { body, sendKey, js }: { body: string; sendKey?: string; js: boolean },
) {
  const result = await sendMessage({ senderId: user.id, site, to, content: { kind: "text", body }, sendKey });
  if (!result.ok) {
    if (result.error === "notFound") throw notFound();
    const limited = result.error === "rateLimited" || result.error === "tooManyConversations";
    return data(
      { intent: "send" as const, ok: false as const, error: result.error, text: body },
      { status: limited ? 429 : 400 },
    );
  }
  if (js) return { intent: "send" as const, ok: true as const, conversationId: result.conversationId };
  return redirect(`/chats/${result.conversationId}`);
}

/**
 * The chat pages' forms (one `intent` each): send a text, delete the chat or one's own message. The
 * deletions ask for confirmation first when posted without `confirm` (no JavaScript). Anyone but the
 * two members gets 404.
 */
export async function chatAction(request: Request, user: SessionUser, site: Site, to: SendInput["to"]) {
  const parsed = formSchema.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const form = parsed.data;
  if (form.intent === "send") return send(user, site, to, { ...form, js: form.js === "1" });
  if (!("conversationId" in to)) throw data(null, { status: 400 });
  const { conversationId } = to;
  if (form.intent === "deleteChat") {
    if (form.confirm !== "1") {
      if (!(await isConversationMember(user.id, conversationId))) throw notFound();
      return { intent: "deleteChat" as const, confirm: true as const };
    }
    if (!(await deleteChat(user.id, conversationId))) throw notFound();
    return redirect("/chats");
  }
  if (form.confirm !== "1") {
    if (!(await isConversationMember(user.id, conversationId))) throw notFound();
    return { intent: "deleteMessage" as const, confirm: form.messageId };
  }
  const deleted = await deleteOwnMessage(user.id, conversationId, form.messageId);
  if (deleted === "notFound") throw notFound();
  return redirect(`/chats/${conversationId}`);
}
