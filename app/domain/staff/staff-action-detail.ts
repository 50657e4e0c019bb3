import type { Prisma, StaffActionKind, StaffActionTarget } from "~/generated/prisma/client";

/** A value in a log row's detail as text: absent and empty values show as "–". */
function text(value: Prisma.JsonValue | undefined): string {
  if (value === null || value === undefined || value === "") return "–";
  if (Array.isArray(value)) return value.length === 0 ? "–" : value.map((v) => text(v)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isObject = (value: unknown): value is Record<string, Prisma.JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One changed field of a decision: what it was and what it became. */
export interface DetailChange {
  field: string;
  before: string;
  after: string;
}

/** A log row's detail for people: the reason, the fields that changed, and any other values. */
export interface ReadableDetail {
  reason: string | null;
  changes: DetailChange[];
  other: { field: string; value: string }[];
}

/**
 * Reads a decision's detail (`{ reason?, before: {...}, after: {...} }`, or the older flat fields):
 * the fields whose before and after differ, in the order they were written.
 */
export function readableDetail(detail: Prisma.JsonValue | null): ReadableDetail {
  const out: ReadableDetail = { reason: null, changes: [], other: [] };
  if (!isObject(detail)) return out;
  const before = isObject(detail.before) ? detail.before : {};
  const after = isObject(detail.after) ? detail.after : {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = text(before[field]);
    const now = text(after[field]);
    if (was !== now) out.changes.push({ field, before: was, after: now });
  }
  for (const [field, value] of Object.entries(detail)) {
    if (field === "before" || field === "after") continue;
    if (field === "reason") out.reason = text(value);
    else out.other.push({ field, value: text(value) });
  }
  return out;
}

/** The detail in one line, for the CSV: "reason; field: before → after; field: value". */
export function detailLine(detail: ReadableDetail): string {
  return [
    ...(detail.reason ? [detail.reason] : []),
    ...detail.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`),
    ...detail.other.map((o) => `${o.field}: ${o.value}`),
  ].join("; ");
}

/** One decision as the log shows it. */
export interface StaffActionLogRow {
  id: number;
  createdAt: string;
  staff: { id: number; email: string };
  action: StaffActionKind;
  targetType: StaffActionTarget;
  targetId: number;
  detail: ReadableDetail;
}
