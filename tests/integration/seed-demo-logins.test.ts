// The demo logins' activity (prisma/seed/demo-login-activity.ts): what the free and the premium demo
// member see, and that seeding again, or anew on a fresh database, gives the very same rows.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { memberCounts } from "~/domain/accounts/member-counts.server";
import { listConversations } from "~/domain/chat/conversation-list.server";
import { listLikes } from "~/domain/likes/overview.server";
import { closePreparedPool, db } from "~/lib/db.server";
import { localStorage } from "~/lib/storage.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { DEMO_LOGINS, seedDemoMembers } from "../../prisma/seed/demo-data";
import { renderSeedPhotos } from "../../prisma/seed/photos";
import { TEMPLATE_DATABASE, withDatabase } from "../setup/databases";

/** Fewer members than a real start: enough for the logins' partners, quicker to seed three times. */
const MEMBERS = 300;
/** The seed's one moment: every time it writes counts back from it. */
const NOW = new Date("2026-12-05T12:00:00.000Z");
const FIELDS = ["age", "city", "region"];

async function seed() {
  const sites = await seedBaseData(db());
  await seedDemoMembers(db(), sites, MEMBERS, NOW);
}

async function login(email: string) {
  return db().user.findFirstOrThrow({
    where: { email },
    select: { id: true, credits: true, paidUser: true },
  });
}

/**
 * A digest of every row the demo seed writes, without what differs by nature between two runs: the
 * password hashes (salted), and the moments rows were written (the ledger's times, a payment's
 * booking, when a site or profile was written), which are the clock's and not the seed's.
 */
const TABLES: { table: string; order: string; leaveOut?: string[] }[] = [
  { table: "Site", order: "id", leaveOut: ["createdAt", "updatedAt"] },
  { table: "User", order: "id", leaveOut: ["passwordHash"] },
  { table: "Profile", order: "id", leaveOut: ["updatedAt"] },
  { table: "Photo", order: "id" },
  { table: "ProfileInterest", order: `"profileId", "interestCode"` },
  { table: "Like", order: "id" },
  { table: "Match", order: "id" },
  { table: "Conversation", order: "id" },
  { table: "ConversationStart", order: "id" },
  { table: "ConversationMember", order: `"conversationId", "userId"` },
  { table: "Message", order: "id" },
  { table: "ChatPhoto", order: "id" },
  { table: "Payment", order: "id", leaveOut: ["creditedAt"] },
  { table: "CreditLedgerEntry", order: "id", leaveOut: ["createdAt"] },
];

async function digest(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    TABLES.map(async ({ table, order, leaveOut = [] }) => {
      const [row] = await db().$queryRawUnsafe<{ rows: number; md5: string }[]>(
        `SELECT count(*)::int AS rows,
           md5(coalesce(string_agg((to_jsonb(t) - $1::text[])::text, '|' ORDER BY ${order}), '')) AS md5
         FROM "${table}" t`,
        leaveOut,
      );
      return [table, `${row!.rows} rows, ${row!.md5}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** A fresh database cloned from the migrated template, as `npm run db:reset` leaves one; the app's clients move to it. */
async function useFreshDatabase() {
  const serverUrl = inject("databaseServerUrl");
  const name = `hartklop_test_reseed_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`);
  await admin.end();
  await db().$disconnect();
  globalThis.__prisma = undefined;
  await closePreparedPool();
  process.env.DATABASE_URL = withDatabase(serverUrl, name);
}

let firstDigest: Record<string, string>;

beforeAll(async () => {
  await seed();
  firstDigest = await digest();
});

describe("the demo logins' activity", () => {
  it("gives the free member read and unread conversations with a gift and a photo, unread counts in the top bar", async () => {
    const free = await login(DEMO_LOGINS.free);
    const list = await listConversations(free.id, 1, 180, NOW);
    expect(list.total).toBe(3);
    const unread = list.items.map((item) => item.unreadCount);
    expect(unread.filter((n) => n === 0)).toHaveLength(1);
    expect(unread.filter((n) => n > 0)).toHaveLength(2);
    expect(list.items.every((item) => item.partner.name !== null && item.partner.mainPhotoId !== null)).toBe(
      true,
    );
    expect((await memberCounts(free.id)).unreadMessages).toBe(unread.reduce((a, b) => a + b, 0));
    const kinds = await db().message.groupBy({
      by: ["kind"],
      where: { conversation: { members: { some: { userId: free.id } } } },
      _count: { _all: true },
    });
    expect(kinds.map((k) => k.kind).sort()).toEqual(["gift", "photo", "text"]);
    // She answered once and wrote no one first: a free member may still start conversations.
    expect(await db().message.count({ where: { senderId: free.id } })).toBe(1);
    expect(await db().conversationStart.count({ where: { userId: free.id } })).toBe(0);
  });

  it("gives the premium member conversations she started and received, read and unread, with a gift and a photo", async () => {
    const premium = await login(DEMO_LOGINS.premium);
    const list = await listConversations(premium.id, 1, 180, NOW);
    expect(list.total).toBe(4);
    const unread = list.items.map((item) => item.unreadCount);
    expect(unread.filter((n) => n === 0)).toHaveLength(2);
    expect((await memberCounts(premium.id)).unreadMessages).toBe(3);
    const own = await db().message.groupBy({
      by: ["kind"],
      where: { senderId: premium.id },
      _count: { _all: true },
    });
    expect(own.map((k) => k.kind).sort()).toEqual(["gift", "photo", "text"]);
    expect(await db().conversationStart.count({ where: { userId: premium.id } })).toBe(3);
    // A message she sent that the other has read, with nothing after it: the "seen" receipt shows.
    const readByOther = await db().conversationMember.findMany({
      where: { otherUserId: premium.id, unreadCount: 0, lastReadMessageId: { not: null } },
    });
    expect(readByOther.length).toBeGreaterThanOrEqual(2);
  });

  it("gives both likes both ways and a match", async () => {
    for (const email of [DEMO_LOGINS.free, DEMO_LOGINS.premium]) {
      const member = await login(email);
      const received = await listLikes(member.id, "received", 1, FIELDS);
      const given = await listLikes(member.id, "given", 1, FIELDS);
      const matches = await listLikes(member.id, "matches", 1, FIELDS);
      expect(received.total).toBeGreaterThanOrEqual(10);
      expect(received.cards.some((card) => card.isNew)).toBe(true);
      expect(given.total).toBe(3);
      expect(matches.total).toBeGreaterThanOrEqual(1);
      expect(given.cards.filter((card) => card.matched).length).toBeGreaterThanOrEqual(1);
      // The match is someone she chats with.
      const [match] = await db().match.findMany({
        where: { OR: [{ userAId: member.id }, { userBId: member.id }] },
        orderBy: { id: "asc" },
      });
      const other = match!.userAId === member.id ? match!.userBId : match!.userAId;
      expect(await db().conversationMember.count({ where: { userId: member.id, otherUserId: other } })).toBe(
        1,
      );
    }
  });

  it("books the premium member's purchase as the webhook does: a paid payment, its credits in the ledger, Premium", async () => {
    const premium = await login(DEMO_LOGINS.premium);
    expect(premium.paidUser).toBe(true);
    const payments = await db().payment.findMany({ where: { userId: premium.id } });
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment).toMatchObject({ status: "paid", method: "ideal", currency: "EUR", credits: 300 });
    expect(payment!.paidAt).not.toBeNull();
    expect(payment!.creditedAt).not.toBeNull();
    expect(payment!.molliePaymentId).toMatch(/^tr_\w+$/);
    const creditPackage = await db().creditPackage.findUniqueOrThrow({ where: { id: payment!.packageId! } });
    expect(payment!.amountCents).toBe(creditPackage.priceCents);
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId: premium.id },
      orderBy: { id: "asc" },
    });
    expect(ledger.slice(0, 2).map((e) => [e.reason, e.delta, e.reference])).toEqual([
      ["signup_bonus", 20, `signup:${premium.id}`],
      ["purchase", 300, `payment:${payment!.molliePaymentId}`],
    ]);
    // Every message she sent is paid in the ledger; the balance is the ledger's sum, row by row.
    const sent = await db().message.findMany({
      where: { senderId: premium.id },
      select: { id: true, credits: true },
    });
    for (const message of sent) {
      expect(ledger.find((e) => e.reference === `message:${message.id}`)?.delta).toBe(-message.credits);
    }
    let balance = 0;
    for (const entry of ledger) {
      balance += entry.delta;
      expect(entry.balanceAfter).toBe(balance);
    }
    expect(premium.credits).toBe(balance);
    expect(balance).toBe(20 + 300 - sent.reduce((sum, m) => sum + m.credits, 0));
  });

  it("leaves the free member non-paying with a few of her signup credits", async () => {
    const free = await login(DEMO_LOGINS.free);
    expect(free.paidUser).toBe(false);
    expect(await db().payment.count({ where: { userId: free.id } })).toBe(0);
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId: free.id },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((e) => e.reason)).toEqual(["signup_bonus", "message"]);
    expect(free.credits).toBe(ledger.reduce((sum, e) => sum + e.delta, 0));
    expect(free.credits).toBeGreaterThan(0);
    expect(free.credits).toBeLessThan(20);
  });

  it("pays every partner's message from their own ledger, never below zero", async () => {
    const messages = await db().message.findMany({ select: { id: true, senderId: true, credits: true } });
    expect(messages.length).toBe(19);
    const entries = await db().creditLedgerEntry.findMany({
      where: { reference: { in: messages.map((m) => `message:${m.id}`) } },
    });
    expect(entries).toHaveLength(messages.length);
    for (const message of messages) {
      const entry = entries.find((e) => e.reference === `message:${message.id}`)!;
      expect(entry).toMatchObject({ userId: message.senderId, delta: -message.credits });
      expect(entry.balanceAfter).toBeGreaterThanOrEqual(0);
    }
  });

  it("draws the chat photos through the seed's photo pipeline", async () => {
    const storage = localStorage(await mkdtemp(path.join(os.tmpdir(), "hartklop-chat-photos-")));
    const chatPhotos = await db().chatPhoto.findMany({ orderBy: { id: "asc" } });
    expect(chatPhotos).toHaveLength(2);
    expect(await renderSeedPhotos(db(), storage, { limit: chatPhotos.length })).toBe(chatPhotos.length);
    for (const photo of chatPhotos) {
      expect(await storage.exists(photo.filename)).toBe(true);
      expect(await storage.exists(photo.thumbFilename)).toBe(true);
    }
  });

  it("changes nothing when seeded again, and gives the same rows when seeded anew on a fresh database", async () => {
    await seed();
    expect(await digest()).toEqual(firstDigest);
    await useFreshDatabase();
    expect((await digest()).Conversation).toBe("0 rows, d41d8cd98f00b204e9800998ecf8427e");
    await seed();
    expect(await digest()).toEqual(firstDigest);
  });
});
