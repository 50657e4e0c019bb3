// What every section of the data archive shares: the member it is for, rows read in batches, and
// other members named by their profile name only (never their address or account number).
import type { TFunction } from "i18next";
import type { ZipEntry } from "~/lib/zip-stream.server";
import { db } from "~/lib/db.server";

/** Rows read per statement: a big history is read in many short statements, never in one. */
export const EXPORT_BATCH = 500;

/** The member whose archive is made, and the translations of their language. */
export interface ExportMember {
  userId: number;
  siteId: number;
  email: string;
  language: string;
  profileId: number | null;
  t: TFunction;
}

/** One part of the archive: its files (README lines name them) and how they are made. */
export interface ExportSection {
  /** The key of its README text (`dataExport:readme.sections.<name>`). */
  name: string;
  /** The files it writes, as the README lists them (a folder as `photos/`). */
  files: string[];
  entries(member: ExportMember, names: MemberNames): AsyncIterable<ZipEntry>;
}

/**
 * All rows of a query, batch by batch, in id order: `read(afterId)` returns the next batch of at
 * most EXPORT_BATCH rows with an id above `afterId`.
 */
export async function* inBatches<T extends { id: number }>(
  read: (afterId: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.id;
  }
}

/** Each batch turned into the rows the archive shows (which may look up names first). */
export async function* mapBatches<T, U>(
  batches: AsyncIterable<T[]>,
  map: (batch: T[]) => Promise<U[]> | U[],
): AsyncGenerator<U[]> {
  for await (const batch of batches) yield await map(batch);
}

/** A time as the archive writes it: ISO 8601 in UTC, or null. */
export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Other members' profile names by user id, read once each. */
export interface MemberNames {
  of(userIds: number[]): Promise<Map<number, string>>;
}

/** A member without a profile any more (an erased account) is "a former member" in the archive. */
export function memberNames(t: TFunction): MemberNames {
  const known = new Map<number, string>();
  return {
    async of(userIds) {
      const missing = [...new Set(userIds)].filter((id) => !known.has(id));
      if (missing.length > 0) {
        const profiles = await db().profile.findMany({
          where: { userId: { in: missing } },
          select: { userId: true, name: true },
        });
        const found = new Map(profiles.map((p) => [p.userId, p.name]));
        for (const id of missing) known.set(id, found.get(id) ?? t("dataExport:archive.formerMember"));
      }
      return new Map(userIds.map((id) => [id, known.get(id)!]));
    },
  };
}
