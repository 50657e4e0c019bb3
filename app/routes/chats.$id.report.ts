import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/domain/accounts/guards.server";
import { EXTRAS_PARAMS } from "~/domain/chat/extras-actions.server";
import { reportMessage, REPORT_NOTE_MAX } from "~/domain/chat/report-message.server";
import { COMPLAINT_CATEGORIES } from "~/domain/complaints/complaint-schema";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/lib/context";
import type { Route } from "./+types/chats.$id.report";
import { readFields } from "~/lib/request-body.server";

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const reportForm = z.object({
  messageId: idSchema,
  category: z.enum(COMPLAINT_CATEGORIES),
  note: z.string().max(REPORT_NOTE_MAX).optional(),
});

/**
 * POST /chats/{id}/report (`messageId`, `category`, optional `note`): the recipient reports a
 * message; it lands in /staff/complaints with the conversation as evidence. Back to the
 * conversation with `?reported=1` (or `?reported=rateLimited`); anyone but the recipient gets 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const conversationId = idSchema.safeParse(params.id);
  if (!conversationId.success) throw data(null, { status: 404 });
  const form = reportForm.safeParse(await readFields(request));
  if (!form.success) throw data(null, { status: 400 });
  const result = await reportMessage({
    reporterId: user.id,
    ip: clientIp(request),
    site: context.get(requestInfoContext).site,
    conversationId: conversationId.data,
    messageId: form.data.messageId,
    category: form.data.category,
    note: form.data.note,
  });
  if (!result.ok && result.error === "notFound") throw data(null, { status: 404 });
  const reported = result.ok ? "1" : "rateLimited";
  return redirect(`/chats/${conversationId.data}?${EXTRAS_PARAMS.reported}=${reported}`);
}
