// Conversations with messages for the benchmark's database, where the demo seed writes only the demo
// logins' few chats: about one conversation per member (between members who liked each other's
// kind, 6 to 12 messages each) and, for the measured member, 40 more conversations of 30 messages
// with some unread. Written with SQL on a freshly seeded database, touching only the conversations
// it adds: a benchmark fixture, not the app's send path, which would take hours for a million messages.
import pg from "pg";

const TEXTS = [
  "Hoi! Leuk profiel.",
  "Dank je, jij ook! Wat doe je in het weekend?",
  "Meestal fietsen of naar de markt. Jij?",
  "Lekker koken en af en toe een film.",
  "Zin om een keer koffie te drinken?",
  "Goed idee, zaterdag misschien?",
  "Prima, ik stuur je nog een berichtje.",
  "Tot dan!",
];

const textSql = `(ARRAY[${TEXTS.map((t) => `'${t.replaceAll("'", "''")}'`).join(", ")}])`;

/** Members and messages seeded, for the report. */
export interface ChatSeed {
  conversations: number;
  messages: number;
  memberConversations: number;
}

export async function seedChats(databaseUrl: string, memberEmail: string): Promise<ChatSeed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    // The demo logins' conversations (prisma/seed) stay as they are: everything below is newer.
    const { rows: seeded } = await client.query<{ id: number }>(
      `SELECT coalesce(max(id), 0)::int AS id FROM "Conversation"`,
    );
    const after = seeded[0]!.id;
    // Across members: a third of the demo likes become a conversation, started by the liker.
    await client.query(`
      INSERT INTO "Conversation" ("siteId", "userAId", "userBId", "startedById", "createdAt", "lastMessageAt")
      SELECT DISTINCT ON (least(l."likerId", l."likedId"), greatest(l."likerId", l."likedId"))
        u."siteId", least(l."likerId", l."likedId"), greatest(l."likerId", l."likedId"), l."likerId",
        now() - (l.id % 700) * interval '1 hour', now()
      FROM "Like" l JOIN "User" u ON u.id = l."likerId"
      WHERE (l."likerId" + l."likedId") % 3 = 0
      ORDER BY least(l."likerId", l."likedId"), greatest(l."likerId", l."likedId"), l.id
      ON CONFLICT DO NOTHING`);
    // The measured member: 40 conversations with members of the kind they seek on their site.
    const { rows: partners } = await client.query<{ memberId: number; siteId: number; partnerId: number }>(
      `SELECT m.id AS "memberId", m."siteId", q."userId" AS "partnerId"
       FROM "User" m JOIN "Profile" mp ON mp."userId" = m.id
       CROSS JOIN LATERAL (
         SELECT q."userId" FROM "Profile" q JOIN "User" v ON v.id = q."userId"
         WHERE q.gender = mp."seekingGender" AND v."siteId" = m."siteId" AND v.status = 'confirmed'
           AND NOT v.invisible AND q.status = 'active' AND q."userId" <> m.id
           AND NOT EXISTS (SELECT 1 FROM "Conversation" c
             WHERE c."userAId" = least(m.id, q."userId") AND c."userBId" = greatest(m.id, q."userId"))
         ORDER BY q.id DESC LIMIT 40
       ) q
       WHERE m.email = $1`,
      [memberEmail],
    );
    if (partners.length === 0) throw new Error(`No member ${memberEmail} to give conversations`);
    const memberId = partners[0]!.memberId;
    await client.query(
      `INSERT INTO "Conversation" ("siteId", "userAId", "userBId", "startedById", "createdAt", "lastMessageAt")
       SELECT $1, least($2::int, p), greatest($2::int, p), p, now() - interval '20 days', now()
       FROM unnest($3::int[]) p`,
      [partners[0]!.siteId, memberId, partners.map((p) => p.partnerId)],
    );
    // Messages: alternating senders, a few minutes apart; 30 in the measured member's conversations.
    await client.query(
      `INSERT INTO "Message" ("conversationId", "senderId", kind, body, credits, "createdAt")
       SELECT c.id, CASE WHEN n % 2 = 1 THEN c."startedById"
                         WHEN c."startedById" = c."userAId" THEN c."userBId" ELSE c."userAId" END,
         'text', ${textSql}[1 + (n - 1) % ${TEXTS.length}], 0, c."createdAt" + n * interval '7 minutes'
       FROM "Conversation" c
       CROSS JOIN LATERAL generate_series(1, CASE WHEN $1 IN (c."userAId", c."userBId") THEN 30 ELSE 6 + c.id % 7 END) n
       WHERE c.id > $2
       ORDER BY c.id, n`,
      [memberId, after],
    );
    await client.query(`
      UPDATE "Conversation" c SET "lastMessageAt" = last.at
      FROM (SELECT "conversationId", max("createdAt") AS at FROM "Message" GROUP BY "conversationId") last
      WHERE last."conversationId" = c.id AND c.id > ${after}`);
    // Each side: read up to the other's last message, except every fourth conversation, whose last
    // message is still unread.
    await client.query(`
      INSERT INTO "ConversationMember" ("conversationId", "userId", "otherUserId", "unreadCount", "lastReadMessageId", "lastMessageAt")
      SELECT c.id, side.me, side.other,
        CASE WHEN c.id % 4 = 0 AND last."senderId" = side.other THEN 1 ELSE 0 END,
        (SELECT max(m.id) FROM "Message" m WHERE m."conversationId" = c.id AND m."senderId" = side.other
           AND (c.id % 4 <> 0 OR m.id < last.id)),
        c."lastMessageAt"
      FROM "Conversation" c
      CROSS JOIN LATERAL (VALUES (c."userAId", c."userBId"), (c."userBId", c."userAId")) side(me, other)
      CROSS JOIN LATERAL (
        SELECT m.id, m."senderId" FROM "Message" m WHERE m."conversationId" = c.id ORDER BY m.id DESC LIMIT 1
      ) last
      WHERE c.id > ${after}`);
    const { rows } = await client.query<{ conversations: number; messages: number; mine: number }>(
      `SELECT (SELECT count(*)::int FROM "Conversation") AS conversations,
         (SELECT count(*)::int FROM "Message") AS messages,
         (SELECT count(*)::int FROM "ConversationMember" WHERE "userId" = $1) AS mine`,
      [memberId],
    );
    await client.query("COMMIT");
    return {
      conversations: rows[0]!.conversations,
      messages: rows[0]!.messages,
      memberConversations: rows[0]!.mine,
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
