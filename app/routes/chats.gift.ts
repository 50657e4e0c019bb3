import { data, redirect } from "react-router";
import { requireUser } from "~/domain/accounts/guards.server";
import { backPathFor, sendKeyFrom, sendOutcomeRedirect, sendTargetFrom } from "./+chat/extras.server";
import { sendMessage } from "~/domain/chat/send-message.server";
import { loginPath } from "~/domain/profiles/login-path";
import { requestInfoContext } from "~/lib/context";
import type { Route } from "./+types/chats.gift";
import { readForm } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";

/**
 * POST /chats/gift (`conversationId` or `profileId`, `giftId`, optional `redirectTo`): sends the
 * gift at its catalogue price. Sent: to /chats/{conversationId}. Too few credits: back with
 * `?credits=insufficient`; another refusal: back with `?refused=<reason>`. Visitors log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { site, user } = context.get(requestInfoContext);
  const form = await readForm(request);
  const to = sendTargetFrom(form);
  const giftId = rowIdSchema.safeParse(form.get("giftId"));
  if (!to || !giftId.success) throw data(null, { status: 400 });
  const back = backPathFor(form, to);
  if (!user) throw redirect(loginPath(back, "gift"));
  const sender = requireUser(context, request);
  const result = await sendMessage({
    senderId: sender.id,
    site,
    to,
    content: { kind: "gift", giftId: giftId.data },
    sendKey: sendKeyFrom(form),
  });
  return sendOutcomeRedirect(result, back);
}
