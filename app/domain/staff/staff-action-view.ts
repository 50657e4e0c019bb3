import type { StaffActionKind } from "~/generated/prisma/enums";
import { dateTimeFormat } from "~/lib/intl-formats";

/** A staff action as read from the log (domain/staff/staff-actions.server.ts). */
export interface StaffActionRow {
  id: number;
  action: StaffActionKind;
  targetId: number;
  /** The detail's text and number fields; times as ISO strings. */
  detail: Record<string, string>;
  createdAt: Date;
  /** The staff member's address. */
  staff: string;
  /** The member the action was about (a lifted direct-debit block), by address. */
  member: string | null;
}

/** What the "recent staff actions" list shows: times formatted on the server, the sentence's values. */
export interface StaffActionView {
  id: number;
  action: StaffActionKind;
  date: string;
  staff: string;
  /** Values of the action's sentence (`staff:actions.<action>`): `id`, and the detail's fields. */
  values: Record<string, string>;
}

/** Formats the rows for the page in the reader's locale (times as the other staff pages show them). */
export function staffActionViews(rows: StaffActionRow[], locale: string): StaffActionView[] {
  const { format } = dateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  });
  return rows.map((row) => {
    const values: Record<string, string> = {
      id: String(row.targetId),
      member: row.member ?? `#${row.targetId}`,
    };
    for (const [key, value] of Object.entries(row.detail)) {
      const time = key.endsWith("At") ? new Date(value) : null;
      values[key] = time && !Number.isNaN(time.getTime()) ? format(time) : value;
    }
    return { id: row.id, action: row.action, date: format(row.createdAt), staff: row.staff, values };
  });
}
