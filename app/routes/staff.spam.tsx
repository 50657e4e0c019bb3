import { Link } from "react-router";
import { SPAM_LIST_DAYS, SPAM_LIST_MINIMUM, spamList } from "~/domain/chat/spam-list.server";
import type { TranslationHandle } from "~/lib/i18n";
import { requestInfoContext } from "~/middleware/context";
import { requireStaff } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { titleMeta } from "~/ui/page-title";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/staff.spam";

export const handle: TranslationHandle = { i18n: ["trust"] };

/**
 * GET /staff/spam (support and admin): members whose first contact was refused as possible spam
 * (docs/product.md, Trust and first contact), each linking to their member page, where staff ban.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const rows = await spamList(staff.siteId);
  // Formatted here so server and browser render the same text.
  const format = new Intl.DateTimeFormat(getLocale(context), {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: context.get(requestInfoContext).site.timeZone,
  });
  return {
    rows: rows.map((row) => ({
      ...row,
      firstAt: format.format(row.firstAt),
      lastAt: format.format(row.lastAt),
    })),
    days: SPAM_LIST_DAYS,
    minimum: SPAM_LIST_MINIMUM,
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("trust:spam.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffSpamRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, days, minimum } = loaderData;
  return (
    <main className="container-fluid py-4">
      <h1 className="h3 text-primary">{t("trust:spam.title")}</h1>
      <p className="text-body-secondary">
        {t("trust:spam.intro", { days, contactDetails: minimum.contact_details })}
      </p>
      {rows.length === 0 ? (
        <p data-testid="spam-empty">{t("trust:spam.empty", { days })}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-top">
            <thead>
              <tr>
                <th>{t("trust:spam.columns.member")}</th>
                <th>{t("trust:spam.columns.refused")}</th>
                <th>{t("trust:spam.columns.count")}</th>
                <th>{t("trust:spam.columns.first")}</th>
                <th>{t("trust:spam.columns.last")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.userId}-${row.kind}`}
                  data-testid="spam-row"
                  data-user-id={row.userId}
                  data-kind={row.kind}
                >
                  <td>
                    <Link to={`/staff/members/${row.userId}`}>{row.profileName ?? row.email}</Link>
                    <div className="small text-body-secondary">{row.email}</div>
                    {row.status === "banned" && (
                      <span className="badge text-bg-dark">{t("trust:spam.banned")}</span>
                    )}
                  </td>
                  <td>{t(`trust:spam.kinds.${row.kind}`)}</td>
                  <td>{row.count}</td>
                  <td className="text-nowrap">{row.firstAt}</td>
                  <td className="text-nowrap">{row.lastAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
