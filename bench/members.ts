// Benchmark members created straight in the database (a fixture: thousands of sign-ups through the
// site would take longer than the measurement), each with a session and its signed cookie, and
// credits through the credits module; plus their event streams as a browser tab opens them.
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import pg from "pg";
import { createCookie } from "react-router";
import { grantCredits } from "./credits";

export interface BenchMember {
  index: number;
  userId: number;
  profileId: number;
  cookie: string;
}

/**
 * `count` confirmed Premium members in NL (alternately female and male, seeking the other), signed
 * up a month ago, each with a session valid for a day; `credits` each through the ledger.
 */
export async function createBenchMembers(
  databaseUrl: string,
  secret: string,
  { count, credits, prefix }: { count: number; credits: number; prefix: string },
): Promise<BenchMember[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ userId: number; profileId: number; n: number }>(
      `WITH site AS (SELECT id FROM "Site" WHERE "isDefault"),
       users AS (
         INSERT INTO "User" ("siteId", email, status, "paidUser", language, "signupDate")
         SELECT site.id, $2 || '-' || n || '@bench.hartklop.test', 'confirmed', true, 'nl', now() - interval '30 days'
         FROM site, generate_series(0, $1::int - 1) n
         RETURNING id, email
       ), numbered AS (
         SELECT id, split_part(split_part(email, '@', 1), '-', -1)::int AS n FROM users
       ), profiles AS (
         INSERT INTO "Profile" ("userId", name, gender, "seekingGender", "dateOfBirth", country, region, city, "updatedAt")
         SELECT id, 'Bench' || n, CASE WHEN n % 2 = 0 THEN 'female' ELSE 'male' END::"Gender",
           CASE WHEN n % 2 = 0 THEN 'male' ELSE 'female' END::"Gender",
           date '1990-01-01' - (n % 3000), 'NL', 'Utrecht', 'Utrecht', now()
         FROM numbered
         RETURNING id, "userId"
       )
       SELECT p."userId", p.id AS "profileId", numbered.n FROM profiles p JOIN numbered ON numbered.id = p."userId"
       ORDER BY numbered.n`,
      [count, prefix],
    );
    const sessionIds = rows.map(() => randomBytes(24).toString("base64url"));
    await client.query(
      `INSERT INTO "Session" (id, "userId", "expiresAt")
       SELECT s, u, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS t(s, u)`,
      [sessionIds, rows.map((r) => r.userId)],
    );
    if (credits > 0) {
      await grantCredits(
        databaseUrl,
        rows.map((r) => ({ userId: r.userId, credits })),
        `${prefix}-grant`,
      );
    }
    const cookie = createCookie("auth.session", { path: "/", secrets: [secret] });
    return Promise.all(
      rows.map(async (row, i) => ({
        index: row.n,
        userId: row.userId,
        profileId: row.profileId,
        cookie: (await cookie.serialize(sessionIds[i]!)).split(";")[0]!,
      })),
    );
  } finally {
    await client.end();
  }
}

/**
 * A member's event stream (`/api/events`): calls `onMessage` for every message event. Resolves once
 * the stream answered; rejects on any other answer.
 */
export async function openStream(
  baseUrl: string,
  member: { cookie: string },
  onMessage: (event: { conversationId: number; messageId: number }) => void,
  signal: AbortSignal,
): Promise<void> {
  // A signal of its own per stream: fetch caps the signal it is given at 1,500 listeners (and Node
  // warns above that), while `signal` closes thousands of streams at once.
  setMaxListeners(0, signal);
  const own = new AbortController();
  signal.addEventListener("abort", () => own.abort(), { once: true });
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: member.cookie },
    signal: own.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (type === "message" && data)
            onMessage(JSON.parse(data) as { conversationId: number; messageId: number });
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}
