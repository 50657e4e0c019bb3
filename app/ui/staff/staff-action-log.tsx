import { Form, Link } from "react-router";
import type { StaffActionLogRow } from "~/domain/staff/staff-action-detail";
import { StaffActionKind, StaffActionTarget } from "~/generated/prisma/enums";
import { dateTimeFormat } from "~/lib/intl-formats";
import { Pager } from "~/ui/staff/pager";
import { useTranslation } from "~/ui/use-translation";

interface StaffActionLogProps {
  rows: StaffActionLogRow[];
  page: number;
  pages: number;
  total: number;
  staff: { id: number; email: string }[];
  filters: Record<string, string | undefined>;
  locale: string;
  timeZone: string;
}

function Target({ row }: { row: StaffActionLogRow }) {
  const { t } = useTranslation();
  const label = `${t(`staffAdmin:log.targets.${row.targetType}`)} #${row.targetId}`;
  if (row.targetType === "user") return <Link to={`/staff/members/${row.targetId}`}>{label}</Link>;
  return <>{label}</>;
}

function Detail({ row }: { row: StaffActionLogRow }) {
  const { t } = useTranslation();
  const { reason, changes, other } = row.detail;
  if (!reason && changes.length === 0 && other.length === 0) return null;
  return (
    <ul className="list-unstyled mb-0 small">
      {reason && <li>{t("staffAdmin:log.reason", { reason })}</li>}
      {changes.map((c) => (
        <li key={c.field}>
          <span className="text-body-secondary">{c.field}:</span> {c.before} → {c.after}
        </li>
      ))}
      {other.map((o) => (
        <li key={o.field}>
          <span className="text-body-secondary">{o.field}:</span> {o.value}
        </li>
      ))}
    </ul>
  );
}

/** /staff/actions: the filter form (GET), the CSV link for the same filter, and the paged log. */
export function StaffActionLog({
  rows,
  page,
  pages,
  total,
  staff,
  filters,
  locale,
  timeZone,
}: StaffActionLogProps) {
  const { t } = useTranslation();
  const { format } = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "medium", timeZone });
  const csv = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) csv.set(key, value);
  csv.set("format", "csv");
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffAdmin:log.title")}</h1>
      <Form method="get" className="card card-body mb-3" data-testid="staff-action-filter">
        <div className="row g-2">
          <div className="col-sm-6 col-lg-4">
            <label htmlFor="log-staff" className="form-label">
              {t("staffAdmin:log.filter.staff")}
            </label>
            <select id="log-staff" name="staff" className="form-select" defaultValue={filters.staff ?? ""}>
              <option value="">{t("staffAdmin:log.filter.all")}</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.email}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-4">
            <label htmlFor="log-action" className="form-label">
              {t("staffAdmin:log.filter.action")}
            </label>
            <select id="log-action" name="action" className="form-select" defaultValue={filters.action ?? ""}>
              <option value="">{t("staffAdmin:log.filter.all")}</option>
              {Object.values(StaffActionKind).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`staffAdmin:log.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-2">
            <label htmlFor="log-target-type" className="form-label">
              {t("staffAdmin:log.filter.targetType")}
            </label>
            <select
              id="log-target-type"
              name="targetType"
              className="form-select"
              defaultValue={filters.targetType ?? ""}
            >
              <option value="">{t("staffAdmin:log.filter.all")}</option>
              {Object.values(StaffActionTarget).map((target) => (
                <option key={target} value={target}>
                  {t(`staffAdmin:log.targets.${target}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-2">
            <label htmlFor="log-target-id" className="form-label">
              {t("staffAdmin:log.filter.targetId")}
            </label>
            <input
              id="log-target-id"
              name="targetId"
              type="number"
              min={1}
              className="form-control"
              defaultValue={filters.targetId ?? ""}
            />
          </div>
          <div className="col-6 col-lg-3">
            <label htmlFor="log-from" className="form-label">
              {t("staffAdmin:log.filter.from")}
            </label>
            <input
              id="log-from"
              name="from"
              type="date"
              className="form-control"
              defaultValue={filters.from ?? ""}
            />
          </div>
          <div className="col-6 col-lg-3">
            <label htmlFor="log-to" className="form-label">
              {t("staffAdmin:log.filter.to")}
            </label>
            <input
              id="log-to"
              name="to"
              type="date"
              className="form-control"
              defaultValue={filters.to ?? ""}
            />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button type="submit" className="btn btn-primary">
            {t("staffAdmin:log.filter.apply")}
          </button>
          <Link to="/staff/actions" className="btn btn-outline-secondary">
            {t("staffAdmin:log.filter.reset")}
          </Link>
          <a href={`/staff/actions?${csv.toString()}`} className="btn btn-outline-secondary" download>
            {t("staffAdmin:log.csv")}
          </a>
        </div>
      </Form>
      <p className="small text-body-secondary">{t("staffAdmin:log.count", { count: total })}</p>
      <div className="table-responsive">
        <table className="table table-sm table-striped align-top" data-testid="staff-action-log">
          <caption className="visually-hidden">{t("staffAdmin:log.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("staffAdmin:log.columns.time")}</th>
              <th scope="col">{t("staffAdmin:log.columns.staff")}</th>
              <th scope="col">{t("staffAdmin:log.columns.action")}</th>
              <th scope="col">{t("staffAdmin:log.columns.target")}</th>
              <th scope="col">{t("staffAdmin:log.columns.detail")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={5}>{t("staffAdmin:log.empty")}</td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.id} data-testid="staff-action-row" data-action={row.action}>
                <td className="text-nowrap small">{format(new Date(row.createdAt))}</td>
                <td className="text-break small">{row.staff.email}</td>
                <td>{t(`staffAdmin:log.kinds.${row.action}`)}</td>
                <td className="text-nowrap">
                  <Target row={row} />
                </td>
                <td className="text-break">
                  <Detail row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} path="/staff/actions" query={filters} />
    </main>
  );
}
