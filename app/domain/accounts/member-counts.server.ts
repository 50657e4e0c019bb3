import { newLikesSql } from "~/domain/likes/new-likes.server";
import { Prisma } from "~/generated/prisma/client";
import { queryPrepared } from "~/lib/db.server";
import type { MemberCounts } from "./member-counts";

/**
 * A one-row query of the member's totals, to select from or join: `unreadMessages` over their
 * conversations (their side's unread counts), `newLikes` and the likers it names (`newLikers`,
 * `newLikesSql`). Every member page and every live event needs them. `userId` may be a column of an
 * outer query (the session's read joins it); its alias must not be one of those used inside (`l`,
 * `u`, `p`, `nl`).
 */
export function memberCountsSql(userId: number | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT
    (SELECT coalesce(sum("unreadCount"), 0)::int FROM "ConversationMember"
      WHERE "userId" = ${userId} AND hidden = false AND "unreadCount" > 0) AS "unreadMessages",
    nl."newLikes", nl."newLikers"
    FROM (${newLikesSql(userId)}) nl`;
}

export async function memberCounts(userId: number): Promise<MemberCounts> {
  const [counts] = await queryPrepared<MemberCounts>(memberCountsSql(userId));
  return { unreadMessages: counts!.unreadMessages, newLikes: counts!.newLikes };
}
