import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { findReportableMessage, reportMessage } from "~/domain/chat/report-message.server";
import { COMPLAINT_CATEGORIES } from "~/domain/complaints/complaint-fields";
import { REPORT_NOTE_MAX } from "~/domain/chat/chat-types";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { readFields } from "~/middleware/request-body.server";
import { getInstance } from "~/middleware/i18n.server";
import { ReportMessageForm } from "~/ui/chat-extras/report-message";
import { EXTRAS_PARAMS } from "./+chat/extras.server";
import type { Route } from "./+types/chats.$id.report";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["complaints"] };

const reportForm = z.object({
  messageId: rowIdSchema,
  category: z.enum(COMPLAINT_CATEGORIES),
  note: z.string().max(REPORT_NOTE_MAX).optional(),
});

/** /chats/{id}/report?message={messageId}: the report page for a message the member received. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { site } = context.get(requestInfoContext);
  const conversationId = rowIdSchema.safeParse(params.id);
  const messageId = rowIdSchema.safeParse(new URL(request.url).searchParams.get("message"));
  if (!conversationId.success || !messageId.success) throw data(null, { status: 404 });
  const message = await findReportableMessage({
    reporterId: user.id,
    siteId: site.id,
    conversationId: conversationId.data,
    messageId: messageId.data,
  });
  if (!message) throw data(null, { status: 404 });
  const deleted = message.deletedAt !== null;
  return {
    conversationId: conversationId.data,
    messageId: message.id,
    message: { kind: message.kind, body: deleted ? "" : message.body, deleted },
    title: getInstance(context).t("chat-extras:report.title"),
    siteName: site.name,
  };
}

/**
 * POST /chats/{id}/report (`messageId`, `category`, optional `note`): the recipient reports a
 * message; it lands in /staff/complaints with the conversation as evidence. Back to the
 * conversation with `?reported=1` (or `?reported=rateLimited`); anyone but the recipient gets 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const conversationId = rowIdSchema.safeParse(params.id);
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

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function ReportMessageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReportMessageForm
      conversationId={loaderData.conversationId}
      messageId={loaderData.messageId}
      message={loaderData.message}
    />
  );
}
