// Where a photo's fingerprint meets the site's others (docs/product.md, Photos; decision 0063):
// an upload of a rejected picture, and one picture on two accounts. Each question compares the
// print with every fingerprinted photo of the site in PostgreSQL, a scan of 8 bytes a photo: at a
// site's tens of thousands of photos that is milliseconds, and no index helps a Hamming distance.
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { SAME_PHOTO_MAX_DISTANCE } from "./fingerprint.server";

/**
 * The bits in which two bigint prints differ, in SQL. PostgreSQL 14's bit_count would say the same;
 * counting the ones of the 64-bit string also runs on 13, the oldest server the site supports.
 */
function distanceSql(a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`length(replace(((${a}) # (${b}))::bit(64)::text, '0', ''))`;
}

/** Photos that were rejected and still block their picture: status deleted with a reason, not released. */
const BLOCKING = Prisma.sql`ph.status = 'deleted' AND ph."rejectionReason" IS NOT NULL
  AND ph."printReleasedAt" IS NULL AND ph.fingerprint IS NOT NULL`;

/**
 * The rejected photo of the uploader's site whose fingerprint is nearest to `print` within
 * SAME_PHOTO_MAX_DISTANCE and still blocks the picture, with its reason; null when there is none.
 */
export async function blockingRejection(
  profileId: number,
  print: bigint,
): Promise<{ photoId: number; reason: string } | null> {
  const [row] = await db().$queryRaw<{ id: number; rejectionReason: string }[]>`
    SELECT ph.id, ph."rejectionReason" FROM "Photo" ph
    JOIN "Profile" p ON p.id = ph."profileId"
    JOIN "User" u ON u.id = p."userId"
    WHERE ${BLOCKING}
      AND u."siteId" = (SELECT u2."siteId" FROM "Profile" p2 JOIN "User" u2 ON u2.id = p2."userId"
                        WHERE p2.id = ${profileId})
      AND ${distanceSql(Prisma.sql`ph.fingerprint`, Prisma.sql`${print}::bigint`)} <= ${SAME_PHOTO_MAX_DISTANCE}
    ORDER BY ${distanceSql(Prisma.sql`ph.fingerprint`, Prisma.sql`${print}::bigint`)}, ph."reviewedAt" DESC
    LIMIT 1`;
  return row ? { photoId: row.id, reason: row.rejectionReason } : null;
}

/** The reason of a rejected photo of the site that still blocks its picture (the refused upload's page). */
export async function blockingRejectionReason(siteId: number, photoId: number): Promise<string | null> {
  const [row] = await db().$queryRaw<{ rejectionReason: string }[]>`
    SELECT ph."rejectionReason" FROM "Photo" ph
    JOIN "Profile" p ON p.id = ph."profileId"
    JOIN "User" u ON u.id = p."userId"
    WHERE ph.id = ${photoId} AND u."siteId" = ${siteId} AND ${BLOCKING}`;
  return row?.rejectionReason ?? null;
}

/** Another account of the site showing the same picture as a photo in the queue. */
export interface SamePhotoElsewhere {
  photoId: number;
  userId: number;
  profileName: string;
}

/**
 * For each of `photoIds`, the other accounts of the site with a photo (under inspection or approved)
 * within SAME_PHOTO_MAX_DISTANCE of it: one picture on two accounts is often a stolen photo.
 */
export async function samePhotoElsewhere(
  siteId: number,
  photoIds: number[],
): Promise<Map<number, SamePhotoElsewhere[]>> {
  const out = new Map<number, SamePhotoElsewhere[]>();
  if (photoIds.length === 0) return out;
  const rows = await db().$queryRaw<{ queued: number; photoId: number; userId: number; name: string }[]>`
    SELECT q.id AS queued, o.id AS "photoId", ou.id AS "userId", op.name
    FROM "Photo" q
    JOIN "Profile" qp ON qp.id = q."profileId"
    JOIN "Photo" o ON o.fingerprint IS NOT NULL AND o.status <> 'deleted' AND o."profileId" <> q."profileId"
    JOIN "Profile" op ON op.id = o."profileId"
    JOIN "User" ou ON ou.id = op."userId" AND ou."siteId" = ${siteId}
    WHERE q.id = ANY(${photoIds}::int[]) AND q.fingerprint IS NOT NULL AND op."userId" <> qp."userId"
      AND ${distanceSql(Prisma.sql`q.fingerprint`, Prisma.sql`o.fingerprint`)} <= ${SAME_PHOTO_MAX_DISTANCE}
    ORDER BY q.id, ou.id, o.id`;
  for (const row of rows) {
    const list = out.get(row.queued) ?? [];
    if (!list.some((other) => other.userId === row.userId)) {
      list.push({ photoId: row.photoId, userId: row.userId, profileName: row.name });
    }
    out.set(row.queued, list);
  }
  return out;
}
