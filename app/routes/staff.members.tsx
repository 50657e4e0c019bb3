import { Form, Link } from "react-router";
import { z } from "zod";
import { lookUpMembers, type MemberQuery } from "~/domain/payments/member-lookup.server";
import {
  MEMBER_SEARCH_MAX,
  MEMBER_SEARCH_MIN_PART,
  parseMemberSearch,
} from "~/domain/payments/member-search";
import { OVERVIEW_PERIODS, overviewRanges } from "~/domain/payments/overview-periods";
import type { TranslationHandle } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl-formats";
import { requestInfoContext } from "~/middleware/context";
import { requireStaff } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { titleMeta } from "~/ui/page-title";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/staff.members";

export const handle: TranslationHandle = { i18n: ["staffMembers"] };

/** The page's query: a search (`q`) or one of the overview's lists; anything unreadable is dropped. */
const querySchema = z.object({
  q: z.string().catch(""),
  list: z.enum(["signups", "confirmations"]).optional().catch(undefined),
  period: z.enum(OVERVIEW_PERIODS).catch("today"),
  page: z.coerce.number().int().positive().max(100_000).catch(1),
});

/** The member lookup: one search box; the kind of search is guessed from what is typed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const { site } = context.get(requestInfoContext);
  const params = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const q = params.q.trim();
  const { t } = getInstance(context);
  let query: MemberQuery | null = null;
  let error: string | null = null;
  if (q) {
    const parsed = parseMemberSearch(q);
    if (parsed.ok) query = { search: parsed.search };
    else
      error = t(`staffMembers:lookup.errors.${parsed.error}`, {
        min: MEMBER_SEARCH_MIN_PART,
        max: MEMBER_SEARCH_MAX,
      });
  } else if (params.list) {
    query = { list: params.list, ...overviewRanges(new Date(), site.timeZone)[params.period] };
  }
  const found = query ? await lookUpMembers(staff.siteId, query, params.page) : null;
  const format = dateTimeFormat(getLocale(context), { dateStyle: "short", timeZone: site.timeZone });
  return {
    q: params.q.slice(0, MEMBER_SEARCH_MAX + 1),
    list: !q && params.list ? { list: params.list, period: params.period } : null,
    error,
    found: found && {
      ...found,
      hits: found.hits.map((hit) => ({
        userId: hit.userId,
        email: hit.email,
        name: hit.name,
        profileId: hit.profileId,
        status: hit.status,
        role: hit.role,
        credits: hit.credits,
        signupDate: format.format(hit.signupDate),
      })),
    },
    siteName: site.name,
    title: t("staffMembers:lookup.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

/** The link to another page of the same results. */
function pageLink(q: string, list: { list: string; period: string } | null, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  else if (list) {
    params.set("list", list.list);
    params.set("period", list.period);
  }
  params.set("page", String(page));
  return `/staff/members?${params.toString()}`;
}

export default function StaffMembersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, list, error, found } = loaderData;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffMembers:lookup.title")}</h1>
      <Form method="get" className="mb-3" role="search" data-testid="member-search">
        <label htmlFor="member-q" className="form-label">
          {t("staffMembers:lookup.label")}
        </label>
        <div className="input-group">
          <input
            id="member-q"
            name="q"
            type="search"
            defaultValue={q}
            className={`form-control${error ? " is-invalid" : ""}`}
            maxLength={MEMBER_SEARCH_MAX + 1}
            aria-describedby="member-q-help member-q-error"
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary">
            {t("staffMembers:lookup.submit")}
          </button>
        </div>
        <div id="member-q-help" className="form-text">
          {t("staffMembers:lookup.help")}
        </div>
        {error && (
          <div id="member-q-error" className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
      </Form>
      {list && (
        <p className="fw-semibold" data-testid="member-list-title">
          {t(`staffMembers:lookup.lists.${list.list}`, {
            period: t(`staffMembers:overview.periods.${list.period}`),
          })}
        </p>
      )}
      {found &&
        (found.total === 0 ? (
          <p data-testid="member-results-empty">{t("staffMembers:lookup.none")}</p>
        ) : (
          <>
            <p className="text-body-secondary small">
              {t("staffMembers:lookup.total", { count: found.total, page: found.page, pages: found.pages })}
            </p>
            <div className="table-responsive">
              <table className="table table-sm align-middle" data-testid="member-results">
                <thead>
                  <tr>
                    <th scope="col">{t("staffMembers:lookup.columns.member")}</th>
                    <th scope="col">{t("staffMembers:lookup.columns.email")}</th>
                    <th scope="col">{t("staffMembers:lookup.columns.status")}</th>
                    <th scope="col" className="text-end">
                      {t("staffMembers:lookup.columns.credits")}
                    </th>
                    <th scope="col">{t("staffMembers:lookup.columns.signup")}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.hits.map((hit) => (
                    <tr key={hit.userId} data-testid="member-result" data-user-id={hit.userId}>
                      <td>
                        <Link to={`/staff/members/${hit.userId}`}>
                          {hit.name ?? t("staffMembers:member.noProfile")} (#{hit.userId})
                        </Link>
                        {hit.role !== "member" && (
                          <span className="badge text-bg-info ms-1">
                            {t(`staffMembers:roles.${hit.role}`)}
                          </span>
                        )}
                      </td>
                      <td className="text-break">{hit.email}</td>
                      <td>{t(`staffMembers:statuses.${hit.status}`)}</td>
                      <td className="text-end">{hit.credits}</td>
                      <td className="text-nowrap">{hit.signupDate}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {found.pages > 1 && (
              <nav aria-label={t("staffMembers:lookup.pages")}>
                <ul className="pagination flex-wrap">
                  {found.page > 1 && (
                    <li className="page-item">
                      <Link className="page-link" to={pageLink(q, list, found.page - 1)}>
                        {t("staffMembers:lookup.previous")}
                      </Link>
                    </li>
                  )}
                  <li className="page-item disabled">
                    <span className="page-link">
                      {found.page} / {found.pages}
                    </span>
                  </li>
                  {found.page < found.pages && (
                    <li className="page-item">
                      <Link className="page-link" to={pageLink(q, list, found.page + 1)}>
                        {t("staffMembers:lookup.next")}
                      </Link>
                    </li>
                  )}
                </ul>
              </nav>
            )}
          </>
        ))}
    </main>
  );
}
