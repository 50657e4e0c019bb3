import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import { FUNNEL_GROUPINGS, type FunnelCounts, type FunnelReport } from "~/domain/landers/funnel";
import { formatMoney } from "~/domain/credits/money";

function RevenueCell({ revenue }: { revenue: FunnelCounts["revenue"] }) {
  const { language } = useTranslation();
  if (revenue.length === 0) return <>{formatMoney(0, "EUR", language)}</>;
  return (
    <>
      {revenue.map((r, index) => (
        <span key={r.currency} className="text-nowrap">
          {index > 0 && <br />}
          {formatMoney(r.cents, r.currency, language)}
        </span>
      ))}
    </>
  );
}

function Counts({ row }: { row: FunnelCounts }) {
  const { language } = useTranslation();
  const number = (n: number) => n.toLocaleString(language);
  return (
    <>
      <td className="text-end">{number(row.visits)}</td>
      <td className="text-end">{number(row.bounces)}</td>
      <td className="text-end">{number(row.signups)}</td>
      <td className="text-end">{number(row.confirmed)}</td>
      <td className="text-end">{number(row.firstPurchases)}</td>
      <td className="text-end">
        <RevenueCell revenue={row.revenue} />
      </td>
    </>
  );
}

/** The period and grouping form: a plain GET form, so it works without JavaScript. */
function PeriodForm({ report }: { report: FunnelReport }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="row g-3 align-items-end mb-3" aria-label={t("funnel:form.label")}>
      <div className="col-sm-4 col-lg-3">
        <label htmlFor="funnel-from" className="form-label">
          {t("funnel:form.from")}
        </label>
        <input id="funnel-from" type="date" name="from" className="form-control" defaultValue={report.from} />
      </div>
      <div className="col-sm-4 col-lg-3">
        <label htmlFor="funnel-to" className="form-label">
          {t("funnel:form.to")}
        </label>
        <input id="funnel-to" type="date" name="to" className="form-control" defaultValue={report.to} />
      </div>
      <div className="col-sm-4 col-lg-3">
        <label htmlFor="funnel-group" className="form-label">
          {t("funnel:form.grouping")}
        </label>
        <select id="funnel-group" name="group" className="form-select" defaultValue={report.grouping}>
          {FUNNEL_GROUPINGS.map((grouping) => (
            <option key={grouping} value={grouping}>
              {t(`funnel:groupings.${grouping}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-lg-3">
        <button type="submit" className="btn btn-primary">
          {t("funnel:form.submit")}
        </button>
      </div>
    </Form>
  );
}

/** The funnel report: the period form, a CSV download of the same report, and the table. */
export function FunnelTable({ report }: { report: FunnelReport }) {
  const { t } = useTranslation();
  const csv = new URLSearchParams({
    from: report.from,
    to: report.to,
    group: report.grouping,
    format: "csv",
  });
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("funnel:title")}</h1>
      <p>{t("funnel:intro")}</p>
      <PeriodForm report={report} />
      <p>
        {/* A document request (not a client navigation): the answer is a file. */}
        <a href={`/staff/funnel?${csv.toString()}`} download className="btn btn-outline-secondary btn-sm">
          {t("funnel:form.csv")}
        </a>
      </p>
      <div className="table-responsive">
        <table className="table table-sm table-striped align-middle" data-testid="funnel-table">
          <caption>
            {t("funnel:caption", { from: report.from, to: report.to, timeZone: report.timeZone })}
          </caption>
          <thead>
            <tr>
              {report.dimensions.map((d) => (
                <th key={d} scope="col">
                  {t(`funnel:columns.${d}`)}
                </th>
              ))}
              <th scope="col" className="text-end">
                {t("funnel:columns.visits")}
              </th>
              <th scope="col" className="text-end">
                {t("funnel:columns.bounces")}
              </th>
              <th scope="col" className="text-end">
                {t("funnel:columns.signups")}
              </th>
              <th scope="col" className="text-end">
                {t("funnel:columns.confirmed")}
              </th>
              <th scope="col" className="text-end">
                {t("funnel:columns.firstPurchases")}
              </th>
              <th scope="col" className="text-end">
                {t("funnel:columns.revenue")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.length === 0 && (
              <tr>
                <td colSpan={report.dimensions.length + 6}>{t("funnel:empty")}</td>
              </tr>
            )}
            {report.rows.map((row) => {
              const key = JSON.stringify(report.dimensions.map((d) => row.keys[d]));
              return (
                <tr key={key}>
                  {report.dimensions.map((d) => (
                    <td key={d} className="text-break">
                      {row.keys[d] ?? <span className="text-body-secondary">{t("funnel:none")}</span>}
                    </td>
                  ))}
                  <Counts row={row} />
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="fw-bold">
              <th scope="row" colSpan={report.dimensions.length}>
                {t("funnel:total")}
              </th>
              <Counts row={report.totals} />
            </tr>
          </tfoot>
        </table>
      </div>
    </main>
  );
}
