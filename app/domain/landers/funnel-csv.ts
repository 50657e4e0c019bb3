import type { TFunction } from "i18next";
import { centsToValue } from "~/domain/credits/money";
import { toCsv } from "~/lib/csv";
import type { FunnelCounts, FunnelReport } from "./funnel";

const COUNT_COLUMNS = ["visits", "bounces", "signups", "confirmed", "firstPurchases"] as const;

/** The report as CSV: one row per group and a totals row; revenue as decimal amounts per currency. */
export function funnelCsv(report: FunnelReport, t: TFunction): string {
  const header = [
    ...report.dimensions.map((d) => t(`funnel:columns.${d}`)),
    ...COUNT_COLUMNS.map((c) => t(`funnel:columns.${c}`)),
    ...report.currencies.map((currency) => t("funnel:columns.revenueIn", { currency })),
  ];
  const counts = (row: FunnelCounts) => [
    ...COUNT_COLUMNS.map((c) => row[c]),
    ...report.currencies.map((currency) =>
      centsToValue(row.revenue.find((r) => r.currency === currency)?.cents ?? 0),
    ),
  ];
  return toCsv([
    header,
    ...report.rows.map((row) => [...report.dimensions.map((d) => row.keys[d] ?? ""), ...counts(row)]),
    [...report.dimensions.map((_, i) => (i === 0 ? t("funnel:total") : "")), ...counts(report.totals)],
  ]);
}

export function funnelCsvFilename(report: FunnelReport): string {
  return `funnel-${report.grouping}-${report.from}-${report.to}.csv`;
}
