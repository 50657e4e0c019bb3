import { createHash } from "node:crypto";
import { MESSAGES_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimitSql } from "~/domain/abuse/rate-limits.server";
import { spendingSql } from "~/domain/credits/credits.server";
import { lockPair, orderedPair } from "~/domain/core/pair-lock.server";
import type { Site } from "~/domain/sites/site.server";
import { Prisma } from "~/generated/prisma/client";
import { queueMessageNotice } from "~/domain/notifications/message-notice.server";
import { db, queryPrepared } from "~/lib/db.server";
import { messageEventSql } from "~/domain/notifications/live-events.server";
import type { SendRefusal } from "./chat-types";
import { textMessagePrice } from "./message-price.server";
import { isGone } from "~/domain/core/member-status";
import { contactDetailIn, normaliseOpener, SAME_OPENER_MEMBERS_PER_DAY, siteDay } from "./opener";
import { reportersSql } from "./report-hold.server";
import { TRUST_LIMIT_REFUSALS, TRUST_LIMITS, trustLevel, type TrustLevel } from "./trust-level";

type Tx = Prisma.TransactionClient;
/** Runs one statement: prepared on its own (the usual send), or inside a first message's transaction. */
type Run = <T>(sql: Prisma.Sql) => Promise<T[]>;
const inTransaction =
  (tx: Tx): Run =>
  <T>(sql: Prisma.Sql) =>
    tx.$queryRaw<T[]>(sql);

export type ChatSite = Pick<
  Site,
  | "id"
  | "messageCredits"
  | "minimumMessageCosts"
  | "photoCredits"
  | "giftCredits"
  | "messageLength"
  | "freeConversations"
  | "newConversationsPerHour"
  | "newConversationsPerDay"
  | "newAccountConversationsPerHour"
  | "newAccountConversationsPerDay"
  | "sameTextRecipientsPerHour"
  | "timeZone"
>;

export type MessageContent =
  { kind: "text"; body: string } | { kind: "gift"; giftId: number } | { kind: "photo"; chatPhotoId: number };

export type { SendRefusal };

export type SendResult =
  | {
      ok: true;
      conversationId: number;
      messageId: number;
      balance: number;
      credits: number;
      /** The send key's message was sent before: nothing was sent or charged now. */
      repeated: boolean;
    }
  | { ok: false; error: SendRefusal };

export interface SendInput {
  senderId: number;
  site: ChatSite;
  /** A new or existing conversation with a profile's owner, or an existing conversation (404 unless a member of it). */
  to: { profileId: number } | { conversationId: number };
  content: MessageContent;
  /** The send form's key (send-key.ts): the same key again answers with the message it sent. */
  sendKey?: string | null;
  now?: Date;
}

class Refused extends Error {
  constructor(readonly reason: SendRefusal) {
    super(reason);
  }
}

const HOUR = 3600_000;
/** Stands for "none" in the facts query's parameters (ids are positive). */
const NONE = -1;

/** Everything the rules need, read in one statement (sending is the hottest write of the site). */
interface SendFacts {
  recipientId: number;
  recipientSiteId: number;
  recipientStatus: string;
  recipientInvisible: boolean;
  recipientProfileStatus: string | null;
  blocked: boolean;
  conversationId: number | null;
  senderPaid: boolean;
  senderStatus: string;
  senderSignupDate: Date;
  senderCountry: string | null;
  /** Other conversations that got this same text from the sender in the last hour. */
  sameTextConversations: number;
  giftOffered: boolean;
  ownsPhoto: boolean;
  /** The recipient wrote in this conversation before: first-contact rules no longer apply. */
  recipientAnswered: boolean;
  /** Trust facts (trust-level.ts), read only while the recipient has not answered; else null. */
  senderApprovedPhoto: boolean | null;
  senderRepliesReceived: number | null;
  senderReporters: number | null;
}

/** Reports count towards a lower trust level for this long (docs/product.md, Trust and first contact). */
const REPORTS_COUNTED_MS = 30 * 24 * HOUR;

/** The sender's trust level, from facts read while the recipient has not answered. */
function senderTrust(facts: SendFacts, now: Date): TrustLevel {
  return trustLevel(
    {
      confirmed: facts.senderStatus === "confirmed",
      signupDate: facts.senderSignupDate,
      paid: facts.senderPaid,
      approvedPhoto: facts.senderApprovedPhoto ?? false,
      repliesReceived: facts.senderRepliesReceived ?? 0,
      reporters: facts.senderReporters ?? 0,
    },
    now,
  );
}

/**
 * Counts the send against the member's message limits and reads the facts, in one statement: the
 * limit's function runs once whether or not the recipient is found. `facts` is null when not found.
 */
async function readFacts(
  input: SendInput,
  body: string,
  now: Date,
): Promise<{ withinLimit: boolean; facts: SendFacts | null }> {
  const { senderId, to, content } = input;
  const conversationId = "conversationId" in to ? to.conversationId : NONE;
  const profileId = "profileId" in to ? to.profileId : NONE;
  const giftId = content.kind === "gift" ? content.giftId : NONE;
  const chatPhotoId = content.kind === "photo" ? content.chatPhotoId : NONE;
  const hourAgo = new Date(now.getTime() - HOUR);
  const reportsSince = new Date(now.getTime() - REPORTS_COUNTED_MS);
  const rows = await queryPrepared<SendFacts & { withinLimit: boolean }>(Prisma.sql`
    WITH target AS (
      SELECT "otherUserId" AS id FROM "ConversationMember"
      WHERE "conversationId" = ${conversationId} AND "userId" = ${senderId}
      UNION ALL
      SELECT "userId" FROM "Profile" WHERE id = ${profileId} AND "userId" <> ${senderId}
    ), pair AS (
      SELECT r.*, c.id AS "conversationId" FROM (SELECT id FROM target LIMIT 1) r
      LEFT JOIN "Conversation" c
        ON c."userAId" = LEAST(r.id, ${senderId}) AND c."userBId" = GREATEST(r.id, ${senderId})
    )
    SELECT hit."withinLimit", facts.* FROM (SELECT ${withinLimitSql(MESSAGES_PER_MEMBER, senderId)} AS "withinLimit") hit
    LEFT JOIN LATERAL (
    SELECT r.id AS "recipientId", r."siteId" AS "recipientSiteId", r.status::text AS "recipientStatus",
      r.invisible AS "recipientInvisible", rp.status::text AS "recipientProfileStatus",
      EXISTS (
        SELECT 1 FROM "Block" WHERE ("blockerId" = ${senderId} AND "blockedId" = r.id)
          OR ("blockerId" = r.id AND "blockedId" = ${senderId})
      ) AS blocked,
      pair."conversationId",
      s."paidUser" AS "senderPaid", s.status::text AS "senderStatus", s."signupDate" AS "senderSignupDate",
      sp.country AS "senderCountry",
      (
        SELECT count(DISTINCT m."conversationId")::int FROM "Message" m
        WHERE m."senderId" = ${senderId} AND m."createdAt" >= ${hourAgo} AND m.kind = 'text'
          AND m.body = ${body} AND m."conversationId" <> coalesce(pair."conversationId", ${NONE})
      ) AS "sameTextConversations",
      EXISTS (SELECT 1 FROM "Gift" g WHERE g.id = ${giftId} AND g."siteId" = ${input.site.id} AND g.active)
        AS "giftOffered",
      EXISTS (SELECT 1 FROM "ChatPhoto" WHERE id = ${chatPhotoId} AND "ownerId" = ${senderId}) AS "ownsPhoto",
      ans.answered AS "recipientAnswered", trust."approvedPhoto" AS "senderApprovedPhoto",
      trust."repliesReceived" AS "senderRepliesReceived", trust.reporters AS "senderReporters"
    FROM pair
    JOIN "User" r ON r.id = pair.id
    LEFT JOIN "Profile" rp ON rp."userId" = r.id
    JOIN "User" s ON s.id = ${senderId}
    LEFT JOIN "Profile" sp ON sp."userId" = s.id
    CROSS JOIN LATERAL (
      SELECT pair."conversationId" IS NOT NULL AND EXISTS (
        SELECT 1 FROM "Message" m WHERE m."conversationId" = pair."conversationId" AND m."senderId" = r.id
      ) AS answered
    ) ans
    -- The trust facts (trust-level.ts) only until the recipient answers: most sends skip them.
    LEFT JOIN LATERAL (
      SELECT
        EXISTS (SELECT 1 FROM "Photo" ph WHERE ph."profileId" = sp.id AND ph.status = 'active') AS "approvedPhoto",
        (SELECT count(*)::int FROM (
          SELECT 1 FROM "Conversation" c WHERE c."startedById" = s.id
            AND EXISTS (SELECT 1 FROM "Message" m WHERE m."conversationId" = c.id AND m."senderId" <> s.id)
          LIMIT 3) answered) AS "repliesReceived",
        ${reportersSql(reportsSince, "s", "sp")} AS reporters
      WHERE NOT ans.answered
    ) trust ON true
    ) facts ON true`);
  const { withinLimit, ...facts } = rows[0]!;
  return { withinLimit, facts: facts.recipientId === null ? null : facts };
}

/**
 * docs/product.md, Chat: deleted, invisible, disabled or blocked members cannot be written to;
 * unconfirmed ones receive nothing.
 */
function checkRecipient(facts: SendFacts, siteId: number) {
  // A banned sender has no session left; this holds even for a request already under way.
  if (isGone(facts.senderStatus)) throw new Refused("notFound");
  if (facts.recipientSiteId !== siteId || isGone(facts.recipientStatus)) throw new Refused("notFound");
  if (facts.recipientInvisible || facts.recipientProfileStatus !== "active") {
    if (facts.recipientStatus === "not_confirmed") throw new Refused("recipientUnconfirmed");
    throw new Refused("unavailable");
  }
  if (facts.recipientStatus !== "confirmed") throw new Refused("recipientUnconfirmed");
  if (facts.blocked) throw new Refused("blocked");
}

/** What the content costs, and the checked values to store. */
async function priceOf(content: MessageContent, body: string, facts: SendFacts, site: ChatSite, now: Date) {
  switch (content.kind) {
    case "text": {
      if (facts.sameTextConversations >= site.sameTextRecipientsPerHour) throw new Refused("sameText");
      // Until the other member answers, a low-trust member's messages carry no way off the site.
      if (
        !facts.recipientAnswered &&
        !TRUST_LIMITS[senderTrust(facts, now)].contactDetails &&
        contactDetailIn(body) !== null
      ) {
        throw new Refused("contactDetails");
      }
      const credits = await textMessagePrice(site, facts.senderCountry);
      return {
        kind: "text" as const,
        body,
        chatPhotoId: null,
        giftId: null,
        credits,
        reason: "message" as const,
      };
    }
    case "gift":
      if (!facts.giftOffered) throw new Refused("notFound");
      return {
        kind: "gift" as const,
        body: "",
        chatPhotoId: null,
        giftId: content.giftId,
        credits: site.giftCredits,
        reason: "gift" as const,
      };
    case "photo":
      if (!facts.ownsPhoto) throw new Refused("notFound");
      return {
        kind: "photo" as const,
        body: "",
        chatPhotoId: content.chatPhotoId,
        giftId: null,
        credits: site.photoCredits,
        reason: "photo" as const,
      };
  }
}

/**
 * Only confirmed members start conversations: an unconfirmed one could not receive the answer
 * (docs/decisions/0031-signup-credits-on-confirmation.md). Free members start at most `freeConversations`; everyone within the hourly and daily
 * limits. Counted from ConversationStart, which a deleted conversation (a block) leaves in place.
 */
async function checkNewConversation(tx: Tx, senderId: number, facts: SendFacts, site: ChatSite, now: Date) {
  if (facts.senderStatus !== "confirmed") throw new Refused("confirmFirst");
  // First messages to two members at once are counted one after the other. NO KEY UPDATE, as the
  // credits' update takes: FOR UPDATE would also wait for other sends' foreign-key checks on this
  // member (KEY SHARE), and first messages around a circle of members then deadlocked.
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${senderId} FOR NO KEY UPDATE`;
  const [started] = await tx.$queryRaw<{ total: number; lastHour: number; lastDay: number }[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE "createdAt" >= ${new Date(now.getTime() - HOUR)})::int AS "lastHour",
      count(*) FILTER (WHERE "createdAt" >= ${new Date(now.getTime() - 24 * HOUR)})::int AS "lastDay"
    FROM "ConversationStart" WHERE "userId" = ${senderId}`;
  if (!facts.senderPaid && started!.total >= site.freeConversations) throw new Refused("premiumOnly");
  const young = now.getTime() - facts.senderSignupDate.getTime() < 24 * HOUR;
  const perHour = young ? site.newAccountConversationsPerHour : site.newConversationsPerHour;
  const perDay = young ? site.newAccountConversationsPerDay : site.newConversationsPerDay;
  // The trust level's own daily number first: its message says why and what raises it.
  const level = senderTrust(facts, now);
  const trustPerDay = TRUST_LIMITS[level].conversationsPerDay;
  if (level !== "trusted" && trustPerDay !== null && started!.lastDay >= trustPerDay) {
    throw new Refused(TRUST_LIMIT_REFUSALS[level]);
  }
  if (started!.lastHour >= perHour || started!.lastDay >= perDay) throw new Refused("tooManyConversations");
}

/**
 * Counts an opener (the text that starts a conversation) for the sender's site day, as a hash of
 * its normalised form (never the text); the same opener to more members than allowed in a day is
 * refused, and the transaction's rollback takes the count back.
 */
async function countOpener(tx: Tx, senderId: number, body: string, site: ChatSite, now: Date) {
  const hash = createHash("sha256").update(normaliseOpener(body)).digest("hex");
  const day = siteDay(now, site.timeZone);
  const [row] = await tx.$queryRaw<{ count: number }[]>`
    INSERT INTO "OpenerHash" ("userId", day, hash, count) VALUES (${senderId}, ${day}::date, ${hash}, 1)
    ON CONFLICT ("userId", day, hash) DO UPDATE SET count = "OpenerHash".count + 1
    RETURNING count`;
  if (row!.count > SAME_OPENER_MEMBERS_PER_DAY) throw new Refused("copyPasteOpener");
}

/**
 * The daily maintenance: openers are only compared within a site day, so rows of days before
 * yesterday (UTC, a day's margin for every time zone) are of no use. Returns how many went.
 */
export async function pruneOpenerHashes(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 2 * 24 * HOUR);
  return db().$executeRaw`DELETE FROM "OpenerHash" WHERE day < ${before.toISOString().slice(0, 10)}::date`;
}

/** Refusals that may be spam, kept for the staff's list (spam-list.server.ts). */
const SPAM_KINDS = { copyPasteOpener: "copy_paste_opener", contactDetails: "contact_details" } as const;

async function recordSpamRefusal(reason: SendRefusal, senderId: number, siteId: number, now: Date) {
  if (!(reason in SPAM_KINDS)) return;
  const kind = SPAM_KINDS[reason as keyof typeof SPAM_KINDS];
  await db().spamRefusal.create({
    data: { siteId, userId: senderId, kind, createdAt: now },
    select: { id: true },
  });
}

async function conversationOf(tx: Tx, senderId: number, recipientId: number) {
  const [userAId, userBId] = orderedPair(senderId, recipientId);
  const existing = await tx.conversation.findUnique({
    where: { userAId_userBId: { userAId, userBId } },
    select: { id: true },
  });
  return existing?.id ?? null;
}

/** A new conversation of the pair, with both members' sides, counted as started by the sender. */
async function createConversation(tx: Tx, senderId: number, recipientId: number, siteId: number, now: Date) {
  const [userAId, userBId] = orderedPair(senderId, recipientId);
  const created = await tx.conversation.create({
    data: {
      siteId,
      userAId,
      userBId,
      startedById: senderId,
      createdAt: now,
      lastMessageAt: now,
      members: {
        create: [
          { userId: senderId, otherUserId: recipientId, lastMessageAt: now },
          { userId: recipientId, otherUserId: senderId, lastMessageAt: now },
        ],
      },
    },
    select: { id: true },
  });
  await tx.conversationStart.create({ data: { userId: senderId, createdAt: now }, select: { id: true } });
  return created.id;
}

type PricedContent = Awaited<ReturnType<typeof priceOf>>;

/**
 * One statement, atomic on its own: unless a block or the conversation's deletion committed after
 * the facts were read, spends the price (domain/credits), stores the message, moves the conversation
 * up both lists (the recipient's unread count + 1) and publishes the event to both members.
 */
async function storeAndPay(
  run: Run,
  conversationId: number,
  senderId: number,
  recipientId: number,
  content: PricedContent,
  sendKey: string | null,
  now: Date,
): Promise<{ messageId: number; balance: number; repeated: boolean }> {
  // A form posted again (same key) finds its message and sends nothing. Two posts at once both
  // pass this check, and the message's unique key refuses the second statement (see sendMessage).
  const earlier = Prisma.sql`(SELECT id FROM "Message" WHERE "senderId" = ${senderId} AND "sendKey" = ${sendKey})`;
  const spending = spendingSql({
    userId: senderId,
    amount: content.credits,
    reason: content.reason,
    when: Prisma.sql`EXISTS (SELECT 1 FROM allowed) AND NOT EXISTS ${earlier}`,
  });
  const publishing = messageEventSql(conversationId, [recipientId, senderId]);
  const [row] = await run<{
    messageId: number | null;
    allowed: boolean;
    balance: number | null;
    earlierId: number | null;
    creditsNow: number;
  }>(Prisma.sql`
    WITH allowed AS (
      SELECT 1 FROM "Conversation" WHERE id = ${conversationId}
        AND NOT EXISTS (
          SELECT 1 FROM "Block" WHERE ("blockerId" = ${senderId} AND "blockedId" = ${recipientId})
            OR ("blockerId" = ${recipientId} AND "blockedId" = ${senderId})
        )
    ), ${spending.paid}, message AS (
      INSERT INTO "Message" ("conversationId", "senderId", kind, body, "chatPhotoId", "giftId", credits, "createdAt", "sendKey")
      SELECT ${conversationId}, ${senderId}, ${content.kind}::"MessageKind", ${content.body},
        ${content.chatPhotoId}::int, ${content.giftId}::int, ${content.credits}, ${now}, ${sendKey}
      FROM paid
      RETURNING id
    ), ${spending.ledger(Prisma.sql`'message:' || message.id`, Prisma.sql`message`)}, conversation AS (
      UPDATE "Conversation" SET "lastMessageAt" = ${now}
      WHERE id = ${conversationId} AND EXISTS (SELECT 1 FROM message)
    ), members AS (
      UPDATE "ConversationMember" SET "lastMessageAt" = ${now}, hidden = false,
        "unreadCount" = "unreadCount" + CASE WHEN "userId" = ${recipientId} THEN 1 ELSE 0 END
      WHERE "conversationId" = ${conversationId} AND EXISTS (SELECT 1 FROM message)
    ), ${publishing.events}
    SELECT (SELECT id FROM message) AS "messageId", EXISTS (SELECT 1 FROM allowed) AS allowed,
      (SELECT credits FROM paid) AS balance, ${publishing.notify} IS NOT NULL AS notified,
      ${earlier} AS "earlierId", (SELECT credits FROM "User" WHERE id = ${senderId}) AS "creditsNow"`);
  if (row!.earlierId !== null) return { messageId: row!.earlierId, balance: row!.creditsNow, repeated: true };
  if (!row!.allowed) throw new Refused("blocked");
  if (row!.messageId === null || row!.balance === null) throw new Refused("insufficientCredits");
  return { messageId: row!.messageId, balance: row!.balance, repeated: false };
}

/**
 * The answer to a form sent before with `sendKey` (a concurrent post with the key won, or a retry
 * after a lost answer that a check before the store would refuse now): the message it stored.
 */
export async function earlierSend(
  senderId: number,
  sendKey: string | null | undefined,
): Promise<SendResult | null> {
  if (!sendKey) return null;
  const earlier = await db().message.findUnique({
    where: { senderId_sendKey: { senderId, sendKey } },
    select: { id: true, conversationId: true, credits: true, sender: { select: { credits: true } } },
  });
  if (!earlier) return null;
  const { id, conversationId, credits, sender } = earlier;
  return { ok: true, conversationId, messageId: id, balance: sender.credits, credits, repeated: true };
}

/** The unique key of (sender, send key) refused the message: a concurrent post with the key won. */
function isSendKeyConflict(error: unknown) {
  const text = String((error as { message?: unknown })?.message ?? "") + JSON.stringify(error ?? null);
  return text.includes("Message_senderId_sendKey_key");
}

/**
 * Sends a text, gift or photo: the message is stored and paid (through domain/credits, ledger
 * reference "message:{id}") in one transaction, so it is never stored unpaid nor paid unstored.
 * Both members get a live event; the recipient's unread count goes up. Refused beyond the member's
 * messages per minute and hour (domain/abuse/limits.ts). In an existing conversation two statements:
 * the limit's hit with the facts (readFacts), then everything else at once (storeAndPay).
 */
export async function sendMessage(input: SendInput): Promise<SendResult> {
  const { senderId, site, content } = input;
  const body = content.kind === "text" ? content.body.trim() : "";
  if (content.kind === "text") {
    if (body === "") return { ok: false, error: "empty" };
    if ([...body].length > site.messageLength) return { ok: false, error: "tooLong" };
  }
  const now = input.now ?? new Date();
  try {
    const { withinLimit, facts } = await readFacts(input, body, now);
    if (!withinLimit)
      return (await earlierSend(senderId, input.sendKey)) ?? { ok: false, error: "rateLimited" };
    if (!facts) throw new Refused("notFound");
    checkRecipient(facts, site.id);
    const pricedContent = await priceOf(content, body, facts, site, now);
    const deliver = async (run: Run, conversationId: number) => {
      const stored = await storeAndPay(
        run,
        conversationId,
        senderId,
        facts.recipientId,
        pricedContent,
        input.sendKey ?? null,
        now,
      );
      return { ok: true, conversationId, ...stored, credits: pricedContent.credits } as const;
    };
    const notice = async (sent: Awaited<ReturnType<typeof deliver>>, newConversation: boolean) => {
      if (!sent.repeated) {
        await queueMessageNotice({
          messageId: sent.messageId,
          conversationId: sent.conversationId,
          senderId,
          recipientId: facts.recipientId,
          newConversation,
        });
      }
      return sent;
    };
    if (facts.conversationId !== null)
      return await notice(await deliver(queryPrepared, facts.conversationId), false);
    // A first message: the pair lock makes one conversation per pair, and the other member may have
    // started it while this send waited for the lock. A refusal rolls the new conversation back.
    let created = false;
    const sent = await db().$transaction(async (tx) => {
      await lockPair(tx, senderId, facts.recipientId);
      let conversationId = await conversationOf(tx, senderId, facts.recipientId);
      if (conversationId === null) {
        await checkNewConversation(tx, senderId, facts, site, now);
        if (content.kind === "text") await countOpener(tx, senderId, body, site, now);
        conversationId = await createConversation(tx, senderId, facts.recipientId, site.id, now);
        created = true;
      }
      return deliver(inTransaction(tx), conversationId);
    });
    return await notice(sent, created);
  } catch (error) {
    if (error instanceof Refused) {
      const earlier = await earlierSend(senderId, input.sendKey);
      if (earlier) return earlier;
      await recordSpamRefusal(error.reason, senderId, site.id, now);
      return { ok: false, error: error.reason };
    }
    const earlier = isSendKeyConflict(error) && (await earlierSend(senderId, input.sendKey));
    if (earlier) return earlier;
    throw error;
  }
}
