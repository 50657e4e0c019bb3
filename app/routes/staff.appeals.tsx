import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { appealDecisionSchema } from "~/domain/appeals/appeal-schemas";
import { decideAppeal, listOpenAppeals } from "~/domain/appeals/appeal-queue.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import type { TranslationHandle } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl-formats";
import { requestInfoContext } from "~/middleware/context";
import { requireStaff } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { linkOrigin } from "~/middleware/link-origin.server";
import { readForm } from "~/middleware/request-body.server";
import { AppealDecisionForm } from "~/ui/appeals/appeal-decision-form";
import { titleMeta } from "~/ui/page-title";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/staff.appeals";

export const handle: TranslationHandle = { i18n: ["appeals", "staff", "staffMembers"] };

const DONE = ["granted", "refused", "stale"] as const;

const pageFrom = (value: FormDataEntryValue | string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

const pageLink = (page: number, done?: (typeof DONE)[number]) => {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (done) params.set("done", done);
  const query = params.toString();
  return query ? `/staff/appeals?${query}` : "/staff/appeals";
};

/** The site's open appeals, oldest first, each with the decision it is against (docs/product.md, Appeals). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const [list, actions] = await Promise.all([
    listOpenAppeals(staff.siteId, pageFrom(params.get("page"))),
    recentStaffActions(staff.siteId, "appeal"),
  ]);
  const { site } = context.get(requestInfoContext);
  const { format } = dateTimeFormat(getLocale(context), {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: site.timeZone,
  });
  const when = (date: Date | null | undefined) => (date ? format(date) : "–");
  return {
    ...list,
    appeals: list.appeals.map((appeal) => ({
      id: appeal.id,
      kind: appeal.kind,
      text: appeal.text,
      createdAt: when(appeal.createdAt),
      member: { id: appeal.user.id, name: appeal.user.profile?.name ?? appeal.user.email },
      photo: appeal.photo
        ? {
            id: appeal.photo.id,
            reason: appeal.photo.rejectionReason ?? "",
            date: when(appeal.photo.reviewedAt),
          }
        : null,
      ban: appeal.ban
        ? {
            reason: appeal.ban.reason,
            note: appeal.ban.note,
            date: when(appeal.ban.createdAt),
            staff: appeal.ban.bannedBy.email,
          }
        : null,
    })),
    done: DONE.find((done) => done === params.get("done")) ?? null,
    staffActions: staffActionViews(actions, getLocale(context)),
    siteName: site.name,
    title: getInstance(context).t("appeals:staff.title"),
  };
}

/**
 * A decision on one appeal: a refused form answers 400 with its errors for that appeal's form; an
 * appeal of another site 404; one another staff member decided first goes back with a notice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const { site } = context.get(requestInfoContext);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: appealDecisionSchema(getInstance(context).t) });
  const page = pageFrom(form.get("page"));
  if (submission.status !== "success") {
    const appealId = Number(form.get("appealId")) || 0;
    return data({ appealId, result: submission.reply() }, { status: 400 });
  }
  const outcome = await decideAppeal(staff, submission.value, { site, origin: linkOrigin(request, site) });
  if (!outcome.ok && outcome.error === "notFound") throw data(null, { status: 404 });
  return redirect(pageLink(page, outcome.ok ? submission.value.decision : "stale"));
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffAppealsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { appeals, total, page, pages, done, staffActions } = loaderData;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("appeals:staff.title")}</h1>
      {done && (
        <div
          className={`alert ${done === "stale" ? "alert-warning" : "alert-success"}`}
          role="status"
          data-testid="appeal-done"
        >
          {t(`appeals:staff.done.${done}`)}
        </div>
      )}
      {total === 0 ? (
        <p>{t("appeals:staff.empty")}</p>
      ) : (
        <p className="text-body-secondary">{t("appeals:staff.total", { count: total })}</p>
      )}
      {appeals.map((appeal) => (
        <article className="card mb-3" key={appeal.id} data-testid="appeal" data-appeal-id={appeal.id}>
          <div className="card-body">
            <h2 className="h6">
              {t(`appeals:staff.kinds.${appeal.kind}`)} ·{" "}
              <Link to={`/staff/members/${appeal.member.id}`}>
                {t("appeals:staff.member", { id: appeal.member.id, name: appeal.member.name })}
              </Link>
            </h2>
            {appeal.photo && (
              <>
                <p className="mb-1">
                  {t("appeals:staff.photoDecision", {
                    id: appeal.photo.id,
                    date: appeal.photo.date,
                    reason: appeal.photo.reason,
                  })}
                </p>
                <p className="small text-body-secondary">{t("appeals:staff.photoGone")}</p>
              </>
            )}
            {appeal.ban && (
              <>
                <p className="mb-1">
                  {t("appeals:staff.banDecision", {
                    date: appeal.ban.date,
                    staff: appeal.ban.staff,
                    reason: t(`staffMembers:banReasons.${appeal.ban.reason}`),
                  })}
                </p>
                <p className="small">{t("appeals:staff.banNote", { note: appeal.ban.note })}</p>
              </>
            )}
            <h3 className="h6 mt-3">{t("appeals:staff.appealText")}</h3>
            <p className="small text-body-secondary mb-1">
              {t("appeals:staff.submittedAt", { date: appeal.createdAt })}
            </p>
            <blockquote className="border-start ps-3" style={{ whiteSpace: "pre-wrap" }}>
              {appeal.text}
            </blockquote>
            <AppealDecisionForm
              appealId={appeal.id}
              page={page}
              result={actionData?.appealId === appeal.id ? actionData.result : null}
            />
          </div>
        </article>
      ))}
      {pages > 1 && (
        <nav aria-label={t("appeals:staff.pagination")} className="d-flex align-items-center gap-3 mt-3">
          {page > 1 && <Link to={pageLink(page - 1)}>{t("appeals:staff.previous")}</Link>}
          <span>{t("appeals:staff.page", { page, pages })}</span>
          {page < pages && <Link to={pageLink(page + 1)}>{t("appeals:staff.next")}</Link>}
        </nav>
      )}
      <RecentStaffActions actions={staffActions} />
    </main>
  );
}
