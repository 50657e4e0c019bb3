import type { TranslationHandle } from "~/lib/i18n";
import { data, Form, Link, redirect } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { z } from "zod";
import { requireStaff } from "~/middleware/guards.server";
import {
  approvePhoto,
  listPhotosForReview,
  rejectPhoto,
  REJECTION_REASON_MAX,
} from "~/domain/photos/moderation.server";
import { recentStaffActions } from "~/domain/staff/staff-actions.server";
import { staffActionViews } from "~/domain/staff/staff-action-view";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/staff.photos";
import { readFields } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["photos", "staff", "appeals"] };

const pageFrom = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

const review = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    photoId: rowIdSchema,
    page: z.coerce.number().int().positive().catch(1),
  }),
  z.object({
    intent: z.literal("reject"),
    photoId: rowIdSchema,
    page: z.coerce.number().int().positive().catch(1),
    reason: z.string().trim().max(REJECTION_REASON_MAX).default(""),
  }),
]);

const pageLink = (page: number, done?: string) => {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (done) params.set("done", done);
  const query = params.toString();
  return query ? `/staff/photos?${query}` : "/staff/photos";
};

/** Minimal staff page: photos under inspection, oldest first, each approved or rejected with a reason. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const [list, actions] = await Promise.all([
    listPhotosForReview(staff.siteId, pageFrom(params.get("page"))),
    recentStaffActions(staff.siteId, "photo"),
  ]);
  const format = new Intl.DateTimeFormat(getLocale(context), {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  });
  const done = params.get("done");
  return {
    ...list,
    photos: list.photos.map(({ createdAt, ...photo }) => ({ ...photo, createdAt: format.format(createdAt) })),
    done: done === "approved" || done === "rejected" || done === "stale" ? done : null,
    staffActions: staffActionViews(actions, getLocale(context)),
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("photos:staff.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, request);
  const parsed = review.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const input = parsed.data;
  // A photo another staff member moderated, or its owner deleted, in the meantime: back to the
  // queue with a notice rather than an error page.
  if (input.intent === "approve") {
    const approved = await approvePhoto(input.photoId, staff);
    return redirect(pageLink(input.page, approved ? "approved" : "stale"));
  }
  if (!input.reason) {
    return data({ reasonMissingFor: input.photoId }, { status: 400 });
  }
  const rejected = await rejectPhoto(input.photoId, staff, input.reason);
  return redirect(pageLink(input.page, rejected ? "rejected" : "stale"));
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffPhotosRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { photos, total, page, pages, done, staffActions } = loaderData;
  return (
    <main className="container-fluid py-4">
      <h1 className="h3 text-primary">{t("photos:staff.title")}</h1>
      {done && (
        <div className={`alert ${done === "stale" ? "alert-warning" : "alert-success"}`} role="status">
          {t(`photos:staff.${done}`)}
        </div>
      )}
      {total === 0 ? (
        <p>{t("photos:staff.empty")}</p>
      ) : (
        <>
          <p className="text-body-secondary">{t("photos:staff.total", { count: total })}</p>
          <div className="row row-cols-1 row-cols-sm-2 row-cols-md-3 row-cols-xl-4 g-3">
            {photos.map((photo) => (
              <div className="col" key={photo.id}>
                <div className="card h-100" data-testid="review-photo" data-photo-id={photo.id}>
                  <a
                    href={`/photos/${photo.id}/large`}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t("photos:staff.enlarge")}
                  >
                    <img
                      src={`/photos/${photo.id}/thumb`}
                      alt=""
                      className="card-img-top"
                      width={240}
                      height={300}
                      style={{ aspectRatio: "4 / 5", objectFit: "cover", height: "auto" }}
                    />
                  </a>
                  <div className="card-body p-2 small">
                    <div>{t("photos:staff.uploadedAt", { date: photo.createdAt })}</div>
                    <div>
                      <Link to={`/members/${photo.profile.id}`}>
                        {t("photos:staff.member", { name: photo.profile.name, id: photo.profile.id })}
                      </Link>
                    </div>
                    {photo.elsewhere.length > 0 && (
                      <ul className="list-unstyled mb-1" data-testid="same-photo-elsewhere">
                        {photo.elsewhere.map((other) => (
                          <li key={other.userId}>
                            <Link to={`/staff/members/${other.userId}`} className="link-danger fw-semibold">
                              {t("appeals:duplicates.alsoOn", { id: other.userId, name: other.profileName })}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                    <div className="mb-2">
                      <span className="badge text-bg-light">
                        {t(`photos:visibility.${photo.visibility}`)}
                      </span>
                    </div>
                    <Form method="post" className="mb-2">
                      <input type="hidden" name="photoId" value={photo.id} />
                      <input type="hidden" name="page" value={page} />
                      <button type="submit" name="intent" value="approve" className="btn btn-sm btn-success">
                        {t("photos:staff.approve")}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="photoId" value={photo.id} />
                      <input type="hidden" name="page" value={page} />
                      <label className="form-label mb-1" htmlFor={`reason-${photo.id}`}>
                        {t("photos:staff.reason")}
                      </label>
                      <input
                        id={`reason-${photo.id}`}
                        name="reason"
                        className={`form-control form-control-sm mb-1${
                          actionData?.reasonMissingFor === photo.id ? " is-invalid" : ""
                        }`}
                        maxLength={300}
                        required
                      />
                      {actionData?.reasonMissingFor === photo.id && (
                        <div className="invalid-feedback d-block">{t("photos:staff.reasonRequired")}</div>
                      )}
                      <button
                        type="submit"
                        name="intent"
                        value="reject"
                        className="btn btn-sm btn-outline-danger"
                      >
                        {t("photos:staff.reject")}
                      </button>
                    </Form>
                  </div>
                </div>
              </div>
            ))}
          </div>
          {pages > 1 && (
            <nav aria-label={t("photos:staff.pagination")} className="d-flex align-items-center gap-3 mt-3">
              {page > 1 && <Link to={pageLink(page - 1)}>{t("photos:staff.previous")}</Link>}
              <span>{t("photos:staff.page", { page, pages })}</span>
              {page < pages && <Link to={pageLink(page + 1)}>{t("photos:staff.next")}</Link>}
            </nav>
          )}
        </>
      )}
      <RecentStaffActions actions={staffActions} />
    </main>
  );
}
