// The pages the performance goals name (docs/benchmarks.md), and how the benchmarks find the ids
// in them: the demo member's conversations and members its search shows.
import type pg from "pg";
import { DEMO_LOGIN } from "./server";

/**
 * The filtered search: gender, country, region and age range, as the search form sends them. A
 * region of the demo seed's members (prisma/seed/places.ts; each Dutch region holds about 3.5% of
 * them, about 1,000 matches at 100,000 members), and not Utrecht, where the benchmarks' own members
 * (bench/members.ts) live.
 */
export const SEARCH_PATH = "/members?gender=female&country=NL&region=Noord-Holland&min_age=25&max_age=45";

/** The measured member's id and their conversations, newest first. */
export async function memberFacts(client: pg.Client) {
  const { rows } = await client.query<{ userId: number; conversationId: number }>(
    `SELECT u.id AS "userId", cm."conversationId" FROM "User" u
     JOIN "ConversationMember" cm ON cm."userId" = u.id
     WHERE u.email = $1 ORDER BY cm."lastMessageAt" DESC LIMIT 2`,
    [DEMO_LOGIN.email],
  );
  if (rows.length < 2) throw new Error(`${DEMO_LOGIN.email} has no conversations to measure`);
  return { userId: rows[0]!.userId, conversationIds: rows.map((r) => r.conversationId) };
}

/** Members the search shows (its first pages), for the profile page and the like action. */
export async function someMemberIds(baseUrl: string, cookie: string): Promise<string[]> {
  const ids = new Set<string>();
  for (let page = 1; page <= 5; page++) {
    const html = await (await fetch(`${baseUrl}${SEARCH_PATH}&page=${page}`, { headers: { cookie } })).text();
    for (const match of html.matchAll(/href="\/members\/(\d+)"/g)) ids.add(match[1]!);
  }
  if (ids.size === 0) throw new Error(`The search ${SEARCH_PATH} showed no member to open`);
  return [...ids];
}

export interface GoalPage {
  label: string;
  path: string;
}

/** The member pages the goals hold to a share of the trivial page, in the order the tables show them. */
export function goalPages({
  profileId,
  conversationId,
}: {
  profileId: string | number;
  conversationId: number;
}) {
  return [
    { label: "/members (filters)", path: SEARCH_PATH },
    { label: "/members (filters, page 2)", path: `${SEARCH_PATH}&page=2` },
    { label: "/members/{id}", path: `/members/${profileId}` },
    { label: "/likes", path: "/likes" },
    { label: "/chats", path: "/chats" },
    { label: "/chats/{id}", path: `/chats/${conversationId}` },
  ] satisfies GoalPage[];
}
