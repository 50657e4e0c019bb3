// The staff's "possible spam" list (/staff/spam; docs/product.md, Trust and first contact): members
// whose first contact was refused as a copy-paste opener, or more than once for contact details.
// One refusal for a phone number is often a real member who did not know the rule; a second one,
// after the message explained it, or a copy-paste opener is what a script does.
import type { SpamRefusalKind } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

/** How far back the list looks. */
export const SPAM_LIST_DAYS = 30;
/** Refusals of a kind a member needs within SPAM_LIST_DAYS to be listed. */
export const SPAM_LIST_MINIMUM: Record<SpamRefusalKind, number> = {
  copy_paste_opener: 1,
  contact_details: 2,
};
/** Rows shown: the newest first; staff work from the top. */
const SPAM_LIST_ROWS = 200;

export interface SpamListRow {
  userId: number;
  email: string;
  profileName: string | null;
  status: string;
  kind: SpamRefusalKind;
  count: number;
  firstAt: Date;
  lastAt: Date;
}

/** The site's members to look at, one row per member and kind of refusal, the latest refusal first. */
export async function spamList(siteId: number, now = new Date()): Promise<SpamListRow[]> {
  const since = new Date(now.getTime() - SPAM_LIST_DAYS * 86_400_000);
  return db().$queryRaw<SpamListRow[]>(Prisma.sql`
    SELECT r."userId", u.email, p.name AS "profileName", u.status::text AS status, r.kind,
      count(*)::int AS count, min(r."createdAt") AS "firstAt", max(r."createdAt") AS "lastAt"
    FROM "SpamRefusal" r
    JOIN "User" u ON u.id = r."userId"
    LEFT JOIN "Profile" p ON p."userId" = u.id
    WHERE r."siteId" = ${siteId} AND r."createdAt" >= ${since}
    GROUP BY r."userId", u.email, p.name, u.status, r.kind
    HAVING count(*) >= CASE r.kind WHEN 'copy_paste_opener' THEN ${SPAM_LIST_MINIMUM.copy_paste_opener}::int
      ELSE ${SPAM_LIST_MINIMUM.contact_details}::int END
    ORDER BY max(r."createdAt") DESC, r."userId"
    LIMIT ${SPAM_LIST_ROWS}`);
}
