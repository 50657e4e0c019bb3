import { data, Form, Link, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { z } from "zod";
import { requireStaff } from "~/middleware/guards.server";
import { readReportEvidence, type EvidenceEntry } from "~/domain/chat/report-message.server";
import { listComplaints, setComplaintStatus } from "~/domain/complaints/complaints.server";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/staff.complaints";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["chat-extras", "complaints", "staff", "trust"] };

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

const statusChange = z.object({
  intent: z.enum(["handle", "reopen"]),
  complaintId: rowIdSchema,
  page: z.coerce.number().int().positive().catch(1),
});

/** A report's evidence with its times written for the page (the same text on server and browser). */
function evidenceView(stored: unknown, format: Intl.DateTimeFormat) {
  const evidence = readReportEvidence(stored);
  if (evidence === null || "legacy" in evidence) return evidence;
  const shown = (entry: EvidenceEntry) => ({ ...entry, sentAt: format.format(new Date(entry.sentAt)) });
  return { ...evidence, reported: shown(evidence.reported), history: evidence.history.map(shown) };
}

/** Minimal staff page: every complaint, newest first, 50 a page, each marked handled or opened again. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const [list, actions] = await Promise.all([
    listComplaints(staff.siteId, pageFrom(new URL(request.url).searchParams.get("page"))),
    recentStaffActions(staff.siteId, "complaint"),
  ]);
  // Formatted here so server and browser render the same text.
  const format = new Intl.DateTimeFormat(getLocale(context), {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  });
  return {
    ...list,
    complaints: list.complaints.map(({ createdAt, handledAt, description, evidence, ...complaint }) => ({
      ...complaint,
      // What was typed (the form's description, a report's note) is only ever text; a reported chat
      // message's evidence comes from its own column, which nothing typed reaches.
      text: description,
      evidence: evidenceView(evidence, format),
      createdAt: format.format(createdAt),
      handledAt: handledAt ? format.format(handledAt) : null,
    })),
    staffActions: staffActionViews(actions, getLocale(context)),
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("complaints:staff.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const parsed = statusChange.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const { intent, complaintId, page } = parsed.data;
  const found = await setComplaintStatus(staff, complaintId, intent === "handle" ? "handled" : "open");
  if (!found) throw data(null, { status: 404 });
  return redirect(page > 1 ? `/staff/complaints?page=${page}` : "/staff/complaints");
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

type EvidenceView = NonNullable<ReturnType<typeof evidenceView>>;
type EntryView = Exclude<EvidenceView, { legacy: string }>["reported"];

function EvidenceLine({ entry, reportedId }: { entry: EntryView; reportedId: number }) {
  const { t } = useTranslation();
  const content =
    entry.kind === "text"
      ? t("chat-extras:report.evidence.kinds.text", { body: entry.text })
      : entry.kind === "photo"
        ? t("chat-extras:report.evidence.kinds.photo", { chatPhotoId: entry.chatPhotoId ?? "-" })
        : t("chat-extras:report.evidence.kinds.gift", { gift: entry.gift ?? "-" });
  const line = t("chat-extras:report.evidence.line", {
    marker: entry.id === reportedId ? "»" : " ",
    id: entry.id,
    time: entry.sentAt,
    userId: entry.senderId,
    content,
  });
  return (
    <li data-testid="evidence-message" style={{ whiteSpace: "pre-wrap" }}>
      {entry.deleted ? `${line} ${t("chat-extras:report.evidence.deleted")}` : line}
    </li>
  );
}

/** The conversation a report recorded: who reported whom, the reported message, the last messages. */
function Evidence({ evidence }: { evidence: EvidenceView }) {
  const { t } = useTranslation();
  return (
    <details className="mt-2" data-testid="complaint-evidence">
      <summary>{t("chat-extras:staff.evidence")}</summary>
      {"legacy" in evidence ? (
        <pre className="small bg-body-tertiary p-2 mb-0" style={{ whiteSpace: "pre-wrap" }}>
          {evidence.legacy}
        </pre>
      ) : (
        <div className="small font-monospace bg-body-tertiary p-2">
          <p className="mb-1">{t("chat-extras:report.evidence.intro")}</p>
          <p className="mb-1">
            {t("chat-extras:report.evidence.conversation", { conversationId: evidence.conversationId })}
          </p>
          <p className="mb-1">
            {t("chat-extras:report.evidence.reporter", {
              userId: evidence.reporter.userId,
              profileId: evidence.reporter.profileId ?? "-",
            })}
          </p>
          <p className="mb-1">
            {t("chat-extras:report.evidence.sender", {
              userId: evidence.sender.userId,
              profileId: evidence.sender.profileId ?? "-",
            })}
          </p>
          <p className="mb-1">
            {t("chat-extras:report.evidence.message", { messageId: evidence.reported.id })}
          </p>
          <ul className="list-unstyled mb-2">
            <EvidenceLine entry={evidence.reported} reportedId={evidence.reported.id} />
          </ul>
          <p className="mb-1">
            {t("chat-extras:report.evidence.history", { shown: evidence.history.length })}
          </p>
          <ul className="list-unstyled mb-0">
            {evidence.history.map((entry) => (
              <EvidenceLine key={entry.id} entry={entry} reportedId={evidence.reported.id} />
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}

export default function StaffComplaintsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { complaints, total, open, page, pages, staffActions } = loaderData;
  const pageLink = (n: number) => (n > 1 ? `/staff/complaints?page=${n}` : "/staff/complaints");
  return (
    <main className="container-fluid py-4">
      <h1 className="h3 text-primary">{t("complaints:staff.title")}</h1>
      {total === 0 ? (
        <p>{t("complaints:staff.empty")}</p>
      ) : (
        <>
          <p className="text-body-secondary">{t("complaints:staff.total", { count: total, open })}</p>
          <div className="table-responsive">
            <table className="table table-sm align-top">
              <thead>
                <tr>
                  <th>{t("complaints:staff.columns.date")}</th>
                  <th>{t("complaints:staff.columns.site")}</th>
                  <th>{t("complaints:staff.columns.from")}</th>
                  <th>{t("complaints:staff.columns.concerns")}</th>
                  <th>{t("complaints:staff.columns.category")}</th>
                  <th>{t("complaints:staff.columns.description")}</th>
                  <th>{t("complaints:staff.columns.status")}</th>
                  <th>{t("complaints:staff.columns.action")}</th>
                </tr>
              </thead>
              <tbody>
                {complaints.map((complaint) => (
                  <tr
                    key={complaint.id}
                    data-testid="complaint"
                    data-status={complaint.status}
                    data-held={complaint.heldUserId !== null ? "1" : undefined}
                    className={complaint.heldUserId !== null ? "table-warning" : undefined}
                  >
                    <td className="text-nowrap">{complaint.createdAt}</td>
                    <td>{complaint.siteName}</td>
                    <td>
                      {complaint.name}
                      <br />
                      <a href={`mailto:${complaint.email}`}>{complaint.email}</a>
                    </td>
                    <td>
                      {complaint.memberRef && (
                        <div>
                          {/^\d+$/.test(complaint.memberRef) ? (
                            <Link to={`/members/${complaint.memberRef}`}>
                              {t("complaints:staff.member", { member: complaint.memberRef })}
                            </Link>
                          ) : (
                            t("complaints:staff.member", { member: complaint.memberRef })
                          )}
                        </div>
                      )}
                      {complaint.messageRef && (
                        <div>{t("complaints:staff.message", { message: complaint.messageRef })}</div>
                      )}
                      {complaint.heldUserId !== null && (
                        <div className="mt-1" data-testid="held-member">
                          <span className="badge text-bg-danger">{t("trust:hold.badge")}</span>
                          <div className="small">
                            <Link to={`/staff/members/${complaint.heldUserId}/clear-report-hold`}>
                              {t("trust:hold.clear")}
                            </Link>
                            {" · "}
                            <Link to={`/staff/members/${complaint.heldUserId}/ban`}>
                              {t("trust:hold.ban")}
                            </Link>
                          </div>
                        </div>
                      )}
                    </td>
                    <td>{t(`complaints:categories.${complaint.category}`)}</td>
                    <td style={{ minWidth: 240 }}>
                      <div style={{ whiteSpace: "pre-wrap" }} data-testid="complaint-text">
                        {complaint.text}
                      </div>
                      {complaint.evidence && <Evidence evidence={complaint.evidence} />}
                    </td>
                    <td>
                      <span
                        className={`badge ${complaint.status === "open" ? "text-bg-warning" : "text-bg-success"}`}
                      >
                        {t(`complaints:staff.statuses.${complaint.status}`)}
                      </span>
                      {complaint.handledAt && (
                        <div className="small text-body-secondary">
                          {t("complaints:staff.handledAt", { date: complaint.handledAt })}
                        </div>
                      )}
                    </td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="complaintId" value={complaint.id} />
                        <input type="hidden" name="page" value={page} />
                        {complaint.status === "open" ? (
                          <button
                            type="submit"
                            name="intent"
                            value="handle"
                            className="btn btn-sm btn-success"
                          >
                            {t("complaints:staff.markHandled")}
                          </button>
                        ) : (
                          <button
                            type="submit"
                            name="intent"
                            value="reopen"
                            className="btn btn-sm btn-outline-secondary"
                          >
                            {t("complaints:staff.reopen")}
                          </button>
                        )}
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav aria-label={t("complaints:staff.pagination")} className="d-flex align-items-center gap-3">
              {page > 1 && <Link to={pageLink(page - 1)}>{t("complaints:staff.previous")}</Link>}
              <span>{t("complaints:staff.page", { page, pages })}</span>
              {page < pages && <Link to={pageLink(page + 1)}>{t("complaints:staff.next")}</Link>}
            </nav>
          )}
        </>
      )}
      <RecentStaffActions actions={staffActions} />
    </main>
  );
}
