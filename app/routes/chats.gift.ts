import { data } from "react-router";
import { requireUser } from "~/middleware/guards.server";
import { backPathFor, sendKeyFrom, sendOutcomeRedirect, sendTargetFrom } from "./+chat/extras.server";
import { sendMessage } from "~/domain/chat/send-message.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/chats.gift";
import { readForm } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";
import { answerOrNoAnswer } from "~/ui/send-retries";

/**
 * POST /chats/gift (`conversationId` or `profileId`, `giftId`, optional `redirectTo`): sends the
 * gift at its catalogue price. Sent: to /chats/{conversationId}. Too few credits: back with
 * `?credits=insufficient`; another refusal: back with `?refused=<reason>`. Visitors log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { site } = context.get(requestInfoContext);
  const form = await readForm(request);
  const to = sendTargetFrom(form);
  const giftId = rowIdSchema.safeParse(form.get("giftId"));
  if (!to || !giftId.success) throw data(null, { status: 400 });
  const back = backPathFor(form, to);
  const sender = requireUser(context, request, { back, reason: "gift" });
  const result = await sendMessage({
    senderId: sender.id,
    site,
    to,
    content: { kind: "gift", giftId: giftId.data },
    sendKey: sendKeyFrom(form),
  });
  return sendOutcomeRedirect(result, back);
}

/** With JavaScript a gift that got no answer is sent again (app/ui/send-retries.ts). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrNoAnswer(args);
