import { Link } from "react-router";
import { countOpenAppeals } from "~/domain/appeals/appeal-queue.server";
import { isAdmin } from "~/domain/core/staff-roles";
import { formatMoney } from "~/domain/credits/money";
import { OVERVIEW_PERIODS, type OverviewPeriod } from "~/domain/payments/overview-periods";
import { staffOverview } from "~/domain/payments/staff-overview.server";
import type { TranslationHandle } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl-formats";
import { requestInfoContext } from "~/middleware/context";
import { requireStaff } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { titleMeta } from "~/ui/page-title";
import { useTranslation } from "~/ui/use-translation";
import type { Route } from "./+types/staff";

export const handle: TranslationHandle = { i18n: ["staffMembers"] };

type Figures = Record<OverviewPeriod, string>;

interface Row {
  key: string;
  label: string;
  figures: Figures;
  /** Where the figure's members or queue are listed, per period (null: nowhere to go). */
  links: Record<OverviewPeriod, string | null> | null;
}

/** The back office's overview: the site's day at a glance and the queues waiting for staff. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const { site } = context.get(requestInfoContext);
  const locale = getLocale(context);
  const { t } = getInstance(context);
  const [overview, openAppeals] = await Promise.all([
    staffOverview({ id: staff.siteId, timeZone: site.timeZone }),
    countOpenAppeals(staff.siteId),
  ]);
  const count = numberFormat(locale, {});
  const counted = (values: Record<OverviewPeriod, number>): Figures => ({
    today: count.format(values.today),
    yesterday: count.format(values.yesterday),
    week: count.format(values.week),
  });
  const memberList = (list: "signups" | "confirmations") =>
    Object.fromEntries(
      OVERVIEW_PERIODS.map((period) => [period, `/staff/members?list=${list}&period=${period}`]),
    ) as Record<OverviewPeriod, string>;
  const admin = isAdmin(staff.role);
  const payments = admin
    ? { today: "/staff/payments", yesterday: "/staff/payments", week: "/staff/payments" }
    : null;
  const rows: Row[] = [
    {
      key: "signups",
      label: t("staffMembers:overview.signups"),
      figures: counted(overview.signups),
      links: memberList("signups"),
    },
    {
      key: "confirmations",
      label: t("staffMembers:overview.confirmations"),
      figures: counted(overview.confirmations),
      links: memberList("confirmations"),
    },
    {
      key: "firstPurchases",
      label: t("staffMembers:overview.firstPurchases"),
      figures: counted(overview.firstPurchases),
      links: payments,
    },
    ...overview.revenue.map(({ currency, cents }) => ({
      key: `revenue-${currency}`,
      label: t("staffMembers:overview.revenue", { currency }),
      figures: {
        today: formatMoney(cents.today, currency, locale),
        yesterday: formatMoney(cents.yesterday, currency, locale),
        week: formatMoney(cents.week, currency, locale),
      },
      links: payments,
    })),
    {
      key: "messages",
      label: t("staffMembers:overview.messages"),
      figures: counted(overview.messages),
      links: null,
    },
  ];
  const queues = [
    { key: "complaints", count: overview.openComplaints, to: "/staff/complaints" },
    { key: "messageReports", count: overview.openMessageReports, to: "/staff/complaints" },
    { key: "photos", count: overview.photosWaiting, to: "/staff/photos" },
    { key: "appeals", count: openAppeals, to: "/staff/appeals" },
    { key: "refunds", count: overview.refundsWaiting, to: admin ? "/staff/payments" : null },
    { key: "directDebits", count: overview.directDebitsPending, to: admin ? "/staff/payments" : null },
  ].map((queue) => ({
    ...queue,
    label: t(`staffMembers:overview.queues.${queue.key}`),
    count: count.format(queue.count),
  }));
  return {
    rows,
    queues,
    timeZone: site.timeZone,
    siteName: site.name,
    title: t("staffMembers:overview.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function StaffOverviewRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, queues, timeZone, siteName } = loaderData;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffMembers:overview.title")}</h1>
      <p className="text-body-secondary small">
        {t("staffMembers:overview.intro", { site: siteName, timeZone })}
      </p>
      <div className="row g-4">
        <section className="col-lg-8" aria-labelledby="overview-figures">
          <h2 className="h5" id="overview-figures">
            {t("staffMembers:overview.figures")}
          </h2>
          <div className="table-responsive">
            <table className="table table-sm align-middle" data-testid="overview-figures">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t("staffMembers:overview.figure")}</span>
                  </th>
                  {OVERVIEW_PERIODS.map((period) => (
                    <th scope="col" className="text-end" key={period}>
                      {t(`staffMembers:overview.periods.${period}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} data-testid={`overview-${row.key}`}>
                    <th scope="row" className="fw-normal">
                      {row.label}
                    </th>
                    {OVERVIEW_PERIODS.map((period) => {
                      const to = row.links?.[period];
                      return (
                        <td className="text-end text-nowrap" key={period} data-period={period}>
                          {to ? <Link to={to}>{row.figures[period]}</Link> : row.figures[period]}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="col-lg-4" aria-labelledby="overview-queues">
          <h2 className="h5" id="overview-queues">
            {t("staffMembers:overview.queuesTitle")}
          </h2>
          <ul className="list-group" data-testid="overview-queues">
            {queues.map((queue) => (
              <li
                className="list-group-item d-flex justify-content-between align-items-center"
                key={queue.key}
                data-testid={`queue-${queue.key}`}
              >
                {queue.to ? <Link to={queue.to}>{queue.label}</Link> : queue.label}
                <span className="badge text-bg-primary rounded-pill">{queue.count}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3">
            <Link to="/staff/members">{t("staffMembers:overview.findMember")}</Link>
          </p>
        </section>
      </div>
    </main>
  );
}
