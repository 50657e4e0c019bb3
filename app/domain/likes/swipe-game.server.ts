import { cardFromRow, type MemberCardData, type MemberCardRow } from "~/domain/profiles/member-card";
import { defaultFilters } from "~/domain/search/search.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import type { Site } from "~/domain/sites/site.server";
import { Prisma } from "~/generated/prisma/client";
import type { Gender } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { queueLikePush } from "~/domain/notifications/push-notify.server";
import { queueLikeMail } from "./like-mail.server";
import { likeAllowed, likeInTransaction, type LikeRefusal } from "./like.server";
import { hoursUntil, isTimeZone, reopensAt, sameSiteDay, startOfSiteDay } from "./swipe-day";
import { isGone } from "~/domain/core/member-status";

/** Skipped members come back in the game after this many days. */
const SKIP_DAYS = 30;
const DAY_MS = 86_400_000;
/** A site whose time zone name is not known counts days in the default zone. */
const FALLBACK_TIME_ZONE = "Europe/Amsterdam";

/** The site settings the game uses (4 likes a day, then a wait). */
type SwipeSite = Pick<
  Site,
  | "id"
  | "timeZone"
  | "swipeLikesPerDay"
  | "swipeWaitHours"
  | "countries"
  | "geoipSelectedCountry"
  | "visibleProfileFields"
>;

type SwipeCard = MemberCardData;

type Client = Prisma.TransactionClient;

export function siteTimeZone(site: Pick<Site, "timeZone">): string {
  return isTimeZone(site.timeZone) ? site.timeZone : FALLBACK_TIME_ZONE;
}

/** Where the member stands today: likes given in the game today, likes left, and whether the game is closed. */
interface SwipeLimit {
  likesToday: number;
  likesLeft: number;
  /** Set while the day's likes are used up: when the game opens again. */
  closedUntil: Date | null;
}

/**
 * The daily limit, read from the member's last swipe likes (index SwipeDecision(userId, choice,
 * decidedAt)): when the last `swipeLikesPerDay` of them fall on one site day, that day's limit was
 * reached and the game stays closed until `reopensAt` (the later of the next midnight and the last
 * like plus `swipeWaitHours`), even when that is already on the next day.
 */
async function swipeLimit(
  client: Client,
  userId: number,
  site: SwipeSite,
  now: Date = new Date(),
): Promise<SwipeLimit> {
  const timeZone = siteTimeZone(site);
  const perDay = Math.max(0, site.swipeLikesPerDay);
  if (perDay === 0) {
    return { likesToday: 0, likesLeft: 0, closedUntil: reopensAt(now, timeZone, 0) };
  }
  const recent = await client.swipeDecision.findMany({
    where: { userId, choice: "like", decidedAt: { lte: now } },
    orderBy: { decidedAt: "desc" },
    take: perDay,
    select: { decidedAt: true },
  });
  const dayStart = startOfSiteDay(now, timeZone);
  const likesToday = recent.filter((r) => r.decidedAt >= dayStart).length;
  const last = recent[0]?.decidedAt;
  const first = recent[perDay - 1]?.decidedAt;
  if (last && first && sameSiteDay(first, last, timeZone)) {
    const until = reopensAt(last, timeZone, site.swipeWaitHours);
    if (until > now) return { likesToday, likesLeft: 0, closedUntil: until };
  }
  return { likesToday, likesLeft: Math.max(0, perDay - likesToday), closedUntil: null };
}

/** Who the game shows: visible members of the site of the gender (and country) the member seeks. */
interface CandidateQuery {
  siteId: number;
  userId: number;
  /** Users never shown: the member and everyone on either side of a block with them. */
  hiddenUserIds: number[];
  gender: Gender | null;
  country: string | null;
  now: Date;
  take: number;
}

/**
 * The candidates' SQL, in two tiers (an approved public main photo first, then the rest), each the
 * newest first. Every tier walks a Profile search index (listedSiteId, …, createdAt) in order, probing
 * Like / SwipeDecision by their unique (liker, liked) / (user, target) indexes, so a member with a
 * few likes and skips reads little more than the cards it returns.
 */
function candidateSql(q: CandidateQuery): Prisma.Sql {
  const skippedSince = new Date(q.now.getTime() - SKIP_DAYS * DAY_MS);
  const parts: Prisma.Sql[] = [
    Prisma.sql`p.status = 'active'`,
    // Confirmed, visible and of this site (see Profile.listedSiteId).
    Prisma.sql`p."listedSiteId" = ${q.siteId}`,
    Prisma.sql`p."userId" <> ALL(${[q.userId, ...q.hiddenUserIds]}::int[])`,
    Prisma.sql`NOT EXISTS (SELECT 1 FROM "Like" l WHERE l."likerId" = ${q.userId} AND l."likedId" = p."userId")`,
    // Liked in the game (even when the like was taken back since) or skipped less than 30 days ago.
    Prisma.sql`NOT EXISTS (SELECT 1 FROM "SwipeDecision" d WHERE d."userId" = ${q.userId}
      AND d."targetId" = p."userId" AND (d.choice = 'like' OR d."decidedAt" > ${skippedSince}))`,
  ];
  if (q.gender) parts.push(Prisma.sql`p.gender = ${q.gender}::"Gender"`);
  if (q.country) parts.push(Prisma.sql`p.country = ${q.country}`);
  const where = Prisma.join(parts, " AND ");
  // The limit is written into the text (an integer of ours, two cards): as a parameter PostgreSQL's
  // generic plan assumes it is large, judges the walk in index order expensive, and plans every call.
  const limit = Prisma.raw(String(Math.trunc(q.take)));
  // A scalar subquery, probed per row through Photo's primary key (EXISTS / NOT EXISTS would let the
  // planner hash all photos for the second tier).
  const approved = Prisma.sql`COALESCE((SELECT mp.status = 'active' AND mp.visibility = 'public'
    FROM "Photo" mp WHERE mp.id = p."mainPhotoId"), false)`;
  const withPhoto = Prisma.sql`p."mainPhotoId" IS NOT NULL AND ${approved}`;
  const withoutPhoto = Prisma.sql`NOT ${approved}`;
  const tiers = [withPhoto, withoutPhoto].map(
    (tier, index) => Prisma.sql`(
      SELECT ${index}::int AS tier, p.id, p.name, p."dateOfBirth", p.city, p.region, p."mainPhotoId", p."createdAt"
      FROM "Profile" p
      WHERE ${where} AND ${tier}
      ORDER BY p."createdAt" DESC, p.id DESC
      LIMIT ${limit})`,
  );
  return Prisma.sql`
    SELECT t.id, t.name, t."dateOfBirth", t.city, t.region,
      CASE WHEN ph.status = 'active' AND ph.visibility = 'public' THEN ph.id END AS "mainPhotoId"
    FROM (${Prisma.join(tiers, " UNION ALL ")}) t
    LEFT JOIN "Photo" ph ON ph.id = t."mainPhotoId"
    ORDER BY t.tier, t."createdAt" DESC, t.id DESC
    LIMIT ${limit}`;
}

/** The member's search wish as the game applies it: the sought gender in the member's own country. */
async function candidateQuery(
  userId: number,
  site: SwipeSite,
  country: string,
  now: Date,
  take: number,
): Promise<CandidateQuery> {
  const viewer = await searchViewer(userId);
  const filters = defaultFilters(viewer, {
    country,
    siteCountries: site.countries,
    selectedCountry: site.geoipSelectedCountry,
  });
  return {
    siteId: site.id,
    userId,
    hiddenUserIds: viewer.hiddenUserIds,
    gender: filters.gender,
    country: filters.country,
    now,
    take,
  };
}

/** The next `take` cards of the game for a member (the first is shown, the next one preloaded). */
async function swipeCandidates(
  userId: number,
  site: SwipeSite,
  { country = "NL", now = new Date(), take = 2 }: { country?: string; now?: Date; take?: number } = {},
): Promise<SwipeCard[]> {
  const query = await candidateQuery(userId, site, country, now, take);
  const rows = await db().$queryRaw<MemberCardRow[]>(candidateSql(query));
  return rows.map((row) => cardFromRow(row, site.visibleProfileFields, { today: now }));
}

type SwipeGame =
  | { kind: "closed"; reopensAt: Date; hoursLeft: number; likesPerDay: number }
  | { kind: "open"; card: SwipeCard | null; next: SwipeCard | null; likesLeft: number; likesPerDay: number };

/** The game page: closed with the reopening time, or the current card and the next one. */
export async function loadSwipeGame({
  userId,
  site,
  country,
  now = new Date(),
}: {
  userId: number;
  site: SwipeSite;
  country: string;
  now?: Date;
}): Promise<SwipeGame> {
  const likesPerDay = site.swipeLikesPerDay;
  const limit = await swipeLimit(db(), userId, site, now);
  if (limit.closedUntil) {
    const hoursLeft = hoursUntil(limit.closedUntil, now);
    return { kind: "closed", reopensAt: limit.closedUntil, hoursLeft, likesPerDay };
  }
  const [card = null, next = null] = await swipeCandidates(userId, site, { country, now, take: 2 });
  return { kind: "open", card, next, likesLeft: limit.likesLeft, likesPerDay };
}

export type SwipeOutcome =
  | { ok: true; choice: "like"; likedUserId: number; created: boolean; announce: boolean; matched: boolean }
  | { ok: true; choice: "skip" }
  | { ok: false; error: "limit"; reopensAt: Date }
  | { ok: false; error: LikeRefusal };

interface SwipeRequest {
  userId: number;
  site: SwipeSite;
  profileId: number;
  now?: Date;
}

/**
 * Serializes the member's swipes for the rest of the transaction, so that the daily count and the
 * new decision are one step for every app process (two tabs cannot both take the last like).
 */
async function lockMember(tx: Client, userId: number) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`swipe:${userId}`}))`;
}

/**
 * The time of a swipe, taken once this member's lock is held: the day's count reads decisions up to
 * it, so it must come after every swipe that held the lock before (taken before the lock, a swipe
 * that waited could have an earlier time than the one it waited for, miss it and exceed the limit).
 */
function timeUnderLock(request: SwipeRequest): Date {
  return request.now ?? new Date();
}

/**
 * A like in the game: refused while the day's likes are used up (nothing is stored); otherwise the
 * like (with the match when liked back, see `likeInTransaction`) and the decision are stored in one
 * transaction. A member liked already changes nothing and uses no like. The liked member gets a like
 * mail linking to `origin`.
 */
export async function swipeLike(request: SwipeRequest & { origin: string }): Promise<SwipeOutcome> {
  if (!(await likeAllowed(request.userId))) return { ok: false, error: "rateLimited" };
  const { userId, site, profileId } = request;
  const outcome = await db().$transaction(async (tx): Promise<SwipeOutcome> => {
    await lockMember(tx, userId);
    const now = timeUnderLock(request);
    const limit = await swipeLimit(tx, userId, site, now);
    if (limit.closedUntil) return { ok: false, error: "limit", reopensAt: limit.closedUntil };
    const result = await likeInTransaction(tx, userId, profileId);
    if (!result.ok) return result;
    if (result.created) {
      const targetId = result.likedUserId;
      await tx.swipeDecision.upsert({
        where: { userId_targetId: { userId, targetId } },
        create: { userId, targetId, choice: "like", decidedAt: now },
        update: { choice: "like", decidedAt: now },
        select: { id: true },
      });
    }
    const { likedUserId, created, announce, matched } = result;
    return { ok: true, choice: "like", likedUserId, created, announce, matched };
  });
  if (outcome.ok && outcome.choice === "like" && outcome.announce) {
    await queueLikeMail({ userId: outcome.likedUserId, origin: request.origin });
    await queueLikePush({ likerId: userId, likedId: outcome.likedUserId });
  }
  return outcome;
}

/** Whom a member may skip: the owner of a visible profile on the same site, not themself, no block between them. */
async function skipTarget(
  tx: Client,
  userId: number,
  siteId: number,
  profileId: number,
): Promise<{ ok: true; userId: number } | { ok: false; error: LikeRefusal }> {
  const target = await tx.profile.findUnique({
    where: { id: profileId },
    select: { userId: true, status: true, user: { select: { siteId: true, status: true, invisible: true } } },
  });
  if (!target || target.user.siteId !== siteId || isGone(target.user.status)) {
    return { ok: false, error: "notFound" };
  }
  if (target.userId === userId) return { ok: false, error: "self" };
  if (target.status !== "active" || target.user.status !== "confirmed" || target.user.invisible) {
    return { ok: false, error: "unavailable" };
  }
  const blocks = await tx.block.count({
    where: {
      OR: [
        { blockerId: userId, blockedId: target.userId },
        { blockerId: target.userId, blockedId: userId },
      ],
    },
  });
  if (blocks > 0) return { ok: false, error: "blocked" };
  return { ok: true, userId: target.userId };
}

/**
 * A skip: the member does not come back in the game for 30 days (skipping again later starts the 30
 * days anew). Closed like the likes while the day's likes are used up. A member liked in the game
 * stays liked: a skip never turns a like (one of the day's likes) into a skip.
 */
export async function swipeSkip(request: SwipeRequest): Promise<SwipeOutcome> {
  const { userId, site, profileId } = request;
  return db().$transaction(async (tx): Promise<SwipeOutcome> => {
    await lockMember(tx, userId);
    const now = timeUnderLock(request);
    const limit = await swipeLimit(tx, userId, site, now);
    if (limit.closedUntil) return { ok: false, error: "limit", reopensAt: limit.closedUntil };
    const target = await skipTarget(tx, userId, site.id, profileId);
    if (!target.ok) return target;
    const targetId = target.userId;
    const existing = await tx.swipeDecision.findUnique({
      where: { userId_targetId: { userId, targetId } },
      select: { choice: true },
    });
    if (existing?.choice !== "like") {
      await tx.swipeDecision.upsert({
        where: { userId_targetId: { userId, targetId } },
        create: { userId, targetId, choice: "skip", decidedAt: now },
        update: { choice: "skip", decidedAt: now },
        select: { id: true },
      });
    }
    return { ok: true, choice: "skip" };
  });
}
