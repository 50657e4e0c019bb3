import { data, redirect } from "react-router";
import { dataExportState, requestDataExport } from "~/domain/privacy/data-export.server";
import { dateTimeFormat, numberFormat } from "~/lib/intl-formats";
import type { DataExportView } from "~/ui/settings/data-export-section";
import type { SettingsIntentArgs } from "./settings-intents.server";

/** A time on the settings page: the site's calendar, as the member's language writes it. */
function when(date: Date, language: string, timeZone: string) {
  return dateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone }).format(date);
}

function fileSize(bytes: number, language: string) {
  const megabytes = bytes / 1_000_000;
  return megabytes >= 1
    ? numberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(megabytes)
    : numberFormat(language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(
        Math.max(1, bytes / 1000),
      );
}

/** The settings section's view of the member's newest archive. */
export async function dataExportView(
  userId: number,
  language: string,
  timeZone: string,
): Promise<DataExportView> {
  const found = await dataExportState(userId);
  const at = (date: Date) => when(date, language, timeZone);
  switch (found.state) {
    case "pending":
      return { state: "pending", nextAt: at(found.nextAt) };
    case "ready":
      return {
        state: "ready",
        id: found.id,
        until: at(found.expiresAt),
        size: fileSize(found.sizeBytes, language),
        nextAt: found.nextAt && at(found.nextAt),
      };
    default:
      return { state: found.state, nextAt: found.nextAt && at(found.nextAt) };
  }
}

/**
 * "Mijn gegevens aanvragen": starts the archive and returns to the section saying so; within a day
 * of the last one, 429 with when the next may be asked for.
 */
export async function dataExportIntent({
  userId,
  site,
  origin,
  language,
}: SettingsIntentArgs & { language: string }) {
  const result = await requestDataExport({ userId, siteId: site.id, origin });
  if (result.ok) return redirect("/settings?dataExport=requested#data-export-title");
  if (result.error === "notFound") throw data(null, { status: 404 });
  return data(
    { intent: "dataExport" as const, tooSoon: when(result.nextAt, language, site.timeZone) },
    { status: 429 },
  );
}
