import { cardPhotoId } from "~/domain/profiles/member-card";
import { ageOn } from "~/domain/profiles/age";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { LIKES_PAGE_SIZE, type LikeCard, type LikeTab } from "./tabs";

export { LIKES_PAGE_SIZE };
import { visibleMemberWhere } from "./visible-member";

const memberSelect = {
  id: true,
  profile: {
    select: {
      id: true,
      name: true,
      dateOfBirth: true,
      city: true,
      region: true,
      mainPhoto: { select: { id: true, status: true, visibility: true } },
    },
  },
} satisfies Prisma.UserSelect;

type MemberRow = Prisma.UserGetPayload<{ select: typeof memberSelect }>;

function card(member: MemberRow, flags: { liked: boolean; isNew: boolean; matched: boolean }): LikeCard[] {
  const p = member.profile;
  if (!p) return [];
  return [
    {
      id: p.id,
      name: p.name,
      age: ageOn(p.dateOfBirth),
      city: p.city,
      region: p.region,
      mainPhotoId: cardPhotoId(p.mainPhoto),
      ...flags,
    },
  ];
}

/** User ids among `ids` whom `userId` likes (to mark matches and liked buttons on a page). */
async function likedAmong(userId: number, ids: number[]) {
  const rows = await db().like.findMany({
    where: { likerId: userId, likedId: { in: ids } },
    select: { likedId: true },
  });
  return new Set(rows.map((r) => r.likedId));
}

async function received(userId: number, skip: number) {
  const where = { likedId: userId, liker: visibleMemberWhere } satisfies Prisma.LikeWhereInput;
  const [total, rows] = await Promise.all([
    db().like.count({ where }),
    db().like.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take: LIKES_PAGE_SIZE,
      select: { isNew: true, liker: { select: memberSelect } },
    }),
  ]);
  const likedBack = await likedAmong(
    userId,
    rows.map((r) => r.liker.id),
  );
  const cards = rows.flatMap((r) => {
    const liked = likedBack.has(r.liker.id);
    return card(r.liker, { liked, isNew: r.isNew, matched: liked });
  });
  return { total, cards };
}

async function given(userId: number, skip: number) {
  const where = { likerId: userId, liked: visibleMemberWhere } satisfies Prisma.LikeWhereInput;
  const [total, rows] = await Promise.all([
    db().like.count({ where }),
    db().like.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take: LIKES_PAGE_SIZE,
      select: { liked: { select: memberSelect } },
    }),
  ]);
  const likedMe = await db().like.findMany({
    where: { likedId: userId, likerId: { in: rows.map((r) => r.liked.id) } },
    select: { likerId: true },
  });
  const matched = new Set(likedMe.map((r) => r.likerId));
  const cards = rows.flatMap((r) =>
    card(r.liked, { liked: true, isNew: false, matched: matched.has(r.liked.id) }),
  );
  return { total, cards };
}

async function matches(userId: number, skip: number) {
  const where = {
    OR: [
      { userAId: userId, userB: visibleMemberWhere },
      { userBId: userId, userA: visibleMemberWhere },
    ],
  } satisfies Prisma.MatchWhereInput;
  const [total, rows] = await Promise.all([
    db().match.count({ where }),
    db().match.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take: LIKES_PAGE_SIZE,
      select: { userAId: true, userA: { select: memberSelect }, userB: { select: memberSelect } },
    }),
  ]);
  const cards = rows.flatMap((r) =>
    card(r.userAId === userId ? r.userB : r.userA, { liked: true, isNew: false, matched: true }),
  );
  return { total, cards };
}

const LISTS = { received, given, matches } satisfies Record<LikeTab, unknown>;

/** One page (newest first) of the likes the member received or gave, or of their matches. */
export async function listLikes(userId: number, tab: LikeTab, page: number) {
  const { total, cards } = await LISTS[tab](userId, (page - 1) * LIKES_PAGE_SIZE);
  return { cards, total, pageCount: Math.max(1, Math.ceil(total / LIKES_PAGE_SIZE)) };
}

/** GET /api/likes.php: the profiles the member likes and those who like them (newest 1,000 each). */
export async function likesForApi(userId: number) {
  const [given, received] = await Promise.all([
    db().like.findMany({
      where: { likerId: userId, liked: visibleMemberWhere },
      orderBy: { createdAt: "desc" },
      take: 1000,
      select: { liked: { select: { profile: { select: { id: true } } } } },
    }),
    db().like.findMany({
      where: { likedId: userId, liker: visibleMemberWhere },
      orderBy: { createdAt: "desc" },
      take: 1000,
      select: { isNew: true, liker: { select: { profile: { select: { id: true } } } } },
    }),
  ]);
  return {
    profiles: given.flatMap((r) => (r.liked.profile ? [{ id: r.liked.profile.id }] : [])),
    liked_by: received.flatMap((r) =>
      r.liker.profile ? [{ id: r.liker.profile.id, like_new: r.isNew }] : [],
    ),
  };
}
