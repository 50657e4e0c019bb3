import { randomBytes } from "node:crypto";
import {
  Prisma,
  type NotificationsDisabledReason,
  type PhotoStatus,
  type ProfileStatus,
  type UserRole,
  type UserStatus,
} from "~/generated/prisma/client";
import { memberCountsSql } from "./member-counts.server";
import {
  searchViewerFrom,
  searchViewerSql,
  type SearchViewer,
  type SearchViewerRow,
} from "~/domain/search/search-viewer.server";
import type { MemberCounts } from "./member-counts";
import { db, queryPrepared } from "~/lib/db.server";

export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 3600_000;

/** The logged-in member as every page sees it (the root loader, guards, actions). */
export interface SessionUser {
  id: number;
  siteId: number;
  email: string;
  status: UserStatus;
  role: UserRole;
  credits: number;
  paidUser: boolean;
  language: string;
  invisible: boolean;
  signupDate: Date;
  notificationsDisabled: NotificationsDisabledReason[];
  photoAlertDismissedAt: Date | null;
  timeBonusDismissedAt: Date | null;
  notificationsAlertDismissedAt: Date | null;
  pushAlertDismissedAt: Date | null;
  /** The newest terms version the member accepted on record (terms-acceptance.server.ts); null: none. */
  termsAcceptedVersion: Date | null;
  profile: {
    id: number;
    name: string;
    status: ProfileStatus;
    country: string;
    mainPhoto: { id: number; status: PhotoStatus } | null;
  } | null;
}

interface SessionRow extends Omit<SessionUser, "profile"> {
  sessionId: string;
  lastUsedAt: Date;
  profileId: number | null;
  profileName: string | null;
  profileStatus: ProfileStatus | null;
  profileCountry: string | null;
  photoId: number | null;
  photoStatus: PhotoStatus | null;
}

function sessionUserFrom(row: SessionRow): SessionUser {
  const profile =
    row.profileId === null
      ? null
      : {
          id: row.profileId,
          name: row.profileName!,
          status: row.profileStatus!,
          country: row.profileCountry!,
          mainPhoto: row.photoId === null ? null : { id: row.photoId, status: row.photoStatus! },
        };
  return {
    id: row.id,
    siteId: row.siteId,
    email: row.email,
    status: row.status,
    role: row.role,
    credits: row.credits,
    paidUser: row.paidUser,
    language: row.language,
    invisible: row.invisible,
    signupDate: row.signupDate,
    notificationsDisabled: row.notificationsDisabled,
    photoAlertDismissedAt: row.photoAlertDismissedAt,
    timeBonusDismissedAt: row.timeBonusDismissedAt,
    notificationsAlertDismissedAt: row.notificationsAlertDismissedAt,
    pushAlertDismissedAt: row.pushAlertDismissedAt,
    termsAcceptedVersion: row.termsAcceptedVersion,
    profile,
  };
}

export interface RequestSession {
  id: string;
  user: SessionUser;
  /** The member's totals, when asked for (`withCounts`); null otherwise. */
  counts: MemberCounts | null;
  /** With the totals: the profile ids of the likers they name (`newLikesSql`). */
  newLikers: number[] | null;
  /** The member as the search sees them, when asked for (`withSearchViewer`); null otherwise. */
  searchViewer: SearchViewer | null;
}

/**
 * The session `id` and its user on a site, or null when the session ended or the member belongs to
 * another site (a cookie replayed with another Host header opens nothing there, staff pages
 * included). One statement: every request of a logged-in member runs it, and it brings the newest
 * terms version the member accepted (an index probe), which the terms check of every page compares
 * (docs/decisions/0061-recorded-terms-consent.md). `withCounts` adds the
 * member's totals (the top bar's badges) to that statement, for a request that renders a page;
 * `withSearchViewer` the member as the search sees them, for the search.
 */
export async function readSession(
  id: string,
  siteId: number,
  { withCounts = false, withSearchViewer = false }: { withCounts?: boolean; withSearchViewer?: boolean } = {},
): Promise<RequestSession | null> {
  const [row] = await queryPrepared<
    SessionRow & Partial<MemberCounts & { newLikers: number[]; searchViewer: SearchViewerRow }>
  >(Prisma.sql`
    SELECT s.id AS "sessionId", s."lastUsedAt", u.id, u."siteId", u.email, u.status::text AS status,
      u.role::text AS role, u.credits, u."paidUser", u.language, u.invisible, u."signupDate",
      coalesce(u."notificationsDisabled"::text[], '{}') AS "notificationsDisabled", u."photoAlertDismissedAt",
      u."timeBonusDismissedAt", u."notificationsAlertDismissedAt", u."pushAlertDismissedAt", p.id AS "profileId", p.name AS "profileName", p.status::text AS "profileStatus",
      p.country AS "profileCountry", ph.id AS "photoId", ph.status::text AS "photoStatus",
      (SELECT max(ta."termsVersion") FROM "TermsAcceptance" ta WHERE ta."userId" = u.id) AS "termsAcceptedVersion"
      ${withCounts ? Prisma.sql`, c."unreadMessages", c."newLikes", c."newLikers"` : Prisma.empty}
      ${withSearchViewer ? Prisma.sql`, to_json(v) AS "searchViewer"` : Prisma.empty}
    FROM "Session" s
    JOIN "User" u ON u.id = s."userId"
    LEFT JOIN "Profile" p ON p."userId" = u.id
    LEFT JOIN "Photo" ph ON ph.id = p."mainPhotoId"
    ${withCounts ? Prisma.sql`CROSS JOIN LATERAL (${memberCountsSql(Prisma.sql`s."userId"`)}) c` : Prisma.empty}
    ${withSearchViewer ? Prisma.sql`CROSS JOIN LATERAL (${searchViewerSql(Prisma.sql`s."userId"`)}) v` : Prisma.empty}
    WHERE s.id = ${id} AND s."expiresAt" > ${new Date()} AND u."siteId" = ${siteId} AND u.status NOT IN ('deleted', 'banned')`);
  if (!row) return null;
  // Refresh "last used" at most once an hour, to list active sessions without a write per request.
  if (Date.now() - row.lastUsedAt.getTime() > 3600_000) {
    await db().session.update({ where: { id }, data: { lastUsedAt: new Date() }, select: { id: true } });
    // The member is back: inactivity reminders (domain/notifications) count from now and start over.
    await db().user.update({
      where: { id: row.id },
      data: { lastSeenAt: new Date(), inactivityReminderDays: null },
      select: { id: true },
    });
  }
  const counts =
    row.unreadMessages === undefined ? null : { unreadMessages: row.unreadMessages, newLikes: row.newLikes! };
  return {
    id: row.sessionId,
    user: sessionUserFrom(row),
    counts,
    newLikers: row.newLikers ?? null,
    searchViewer: row.searchViewer ? searchViewerFrom(row.id, row.searchViewer) : null,
  };
}

/** Where a session was opened from: the browser's User-Agent header and the client's address. */
export interface SessionOrigin {
  userAgent: string | null;
  ip: string | null;
}

/**
 * Opens a session for a user and returns its id. `passwordProven`: the member typed the password
 * for it (a login); a session a mail link opened has not proven it.
 */
export async function openSession(
  userId: number,
  origin: SessionOrigin,
  { passwordProven = false }: { passwordProven?: boolean } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  // Logging in counts as being seen: the inactivity reminders start over from now.
  await db().user.update({
    where: { id: userId },
    data: {
      lastSeenAt: new Date(),
      inactivityReminderDays: null,
      sessions: {
        create: {
          id,
          expiresAt: new Date(Date.now() + SESSION_MS),
          userAgent: origin.userAgent?.slice(0, 300) ?? null,
          ip: origin.ip,
          passwordAt: passwordProven ? new Date() : null,
        },
      },
    },
    select: { id: true },
  });
  return id;
}

/** When the member last proved the password in this session (null: never). */
export async function passwordProvenAt(sessionId: string): Promise<Date | null> {
  const session = await db().session.findUnique({ where: { id: sessionId }, select: { passwordAt: true } });
  return session?.passwordAt ?? null;
}

/** The member typed the password again in this session. */
export async function recordPasswordProven(sessionId: string) {
  await db().session.updateMany({ where: { id: sessionId }, data: { passwordAt: new Date() } });
}

/** Ends one session (a logout). */
export async function deleteSession(id: string) {
  await db().session.deleteMany({ where: { id } });
}

export function listSessions(userId: number) {
  return db().session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastUsedAt: "desc" },
    select: { id: true, createdAt: true, lastUsedAt: true, userAgent: true, ip: true },
  });
}

/** "Log out everywhere else": ends every session of the user except `keepId`. */
export async function endOtherSessions(userId: number, keepId: string | null) {
  const { count } = await db().session.deleteMany({
    where: { userId, ...(keepId ? { id: { not: keepId } } : {}) },
  });
  return count;
}
