import type { TFunction } from "i18next";
import { toCsv } from "~/lib/csv";
import { detailLine, type StaffActionLogRow } from "./staff-action-detail";

/** The filtered log as CSV: one line per decision, times in UTC (ISO 8601), action names translated. */
export function staffActionsCsv(rows: StaffActionLogRow[], t: TFunction): string {
  const header = ["time", "staff", "action", "targetType", "targetId", "detail"].map((c) =>
    t(`staffAdmin:log.columns.${c}`),
  );
  return toCsv([
    header,
    ...rows.map((row) => [
      row.createdAt,
      row.staff.email,
      t(`staffAdmin:log.kinds.${row.action}`),
      t(`staffAdmin:log.targets.${row.targetType}`),
      row.targetId,
      detailLine(row.detail),
    ]),
  ]);
}

export function staffActionsCsvFilename(from: string | undefined, to: string | undefined): string {
  return `staff-actions${from ? `-${from}` : ""}${to ? `-${to}` : ""}.csv`;
}
