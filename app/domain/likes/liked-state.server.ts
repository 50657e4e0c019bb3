import { db } from "~/lib/db.server";

/** Which of these profiles the member likes: the like buttons on cards start in this state. */
async function likedProfileIds(userId: number, profileIds: number[]): Promise<Set<number>> {
  if (profileIds.length === 0) return new Set();
  // One round trip on every search page: the member's likes joined to the cards' profiles.
  const rows = await db().$queryRaw<{ id: number }[]>`
    SELECT p.id FROM "Like" l JOIN "Profile" p ON p."userId" = l."likedId"
    WHERE l."likerId" = ${userId} AND p.id = ANY(${profileIds}::int[])`;
  return new Set(rows.map((row) => row.id));
}

/** Adds `liked` to each card for a member; visitors' cards get none (their button asks to log in). */
export async function withLikedState<T extends { id: number }>(
  userId: number | null,
  members: T[],
): Promise<(T & { liked?: boolean })[]> {
  if (userId === null) return members;
  const liked = await likedProfileIds(
    userId,
    members.map((m) => m.id),
  );
  return members.map((member) => ({ ...member, liked: liked.has(member.id) }));
}
