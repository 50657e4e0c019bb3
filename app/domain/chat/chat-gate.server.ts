import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { ChatGate } from "./chat-types";
import { isGone } from "~/domain/core/member-status";

/** What the gate needs to know about the other member (null: no such user). */
interface GateFacts {
  siteId: number;
  status: string;
  invisible: boolean;
  profileStatus: string | null;
  /** A block between the two, either way. */
  blocked: boolean;
}

/** SQL columns for `GateFacts` of the user aliased `o`, seen by `viewerId` (to select beside other columns). */
export function gateFactsSql(viewerId: number): Prisma.Sql {
  return Prisma.sql`o."siteId" AS "gateSiteId", o.status::text AS "gateStatus", o.invisible AS "gateInvisible",
    (SELECT op.status::text FROM "Profile" op WHERE op."userId" = o.id) AS "gateProfileStatus",
    EXISTS(SELECT 1 FROM "Block" b WHERE (b."blockerId" = ${viewerId} AND b."blockedId" = o.id)
      OR (b."blockerId" = o.id AND b."blockedId" = ${viewerId})) AS "gateBlocked"`;
}

export interface GateFactsRow {
  gateSiteId: number | null;
  gateStatus: string | null;
  gateInvisible: boolean | null;
  gateProfileStatus: string | null;
  gateBlocked: boolean | null;
}

/** The member who would write (the session's user). */
export interface ChatViewer {
  id: number;
  status: string;
  siteId: number;
  invisible: boolean;
}

export function gateFactsFrom(row: GateFactsRow | undefined): GateFacts | null {
  if (!row || row.gateSiteId === null) return null;
  return {
    siteId: row.gateSiteId,
    status: row.gateStatus!,
    invisible: row.gateInvisible!,
    profileStatus: row.gateProfileStatus,
    blocked: row.gateBlocked!,
  };
}

/**
 * Whether the viewer can write to another member, in the order sendMessage refuses (docs/product.md,
 * Chat): a deleted member or one of another site is not found; invisible and disabled members and
 * blocked pairs cannot be written to; an unconfirmed member receives nothing until confirmed. An
 * unconfirmed viewer starts no conversation (`newConversation`: there is none yet); in one they
 * have, they may write but are asked to confirm, or replies cannot reach them. An invisible viewer
 * likewise is told that no one can reply while they are invisible.
 */
export function gateFor(
  viewer: ChatViewer,
  other: GateFacts | null,
  newConversation = false,
): ChatGate | "notFound" {
  if (!other || other.siteId !== viewer.siteId || isGone(other.status)) return "notFound";
  if (other.invisible || other.profileStatus !== "active") {
    return other.status === "not_confirmed" ? "recipientUnconfirmed" : "unavailable";
  }
  if (other.status !== "confirmed") return "recipientUnconfirmed";
  if (other.blocked) return "blocked";
  if (viewer.status !== "confirmed") return newConversation ? "confirmFirst" : "ownUnconfirmed";
  if (viewer.invisible) return "ownInvisible";
  return "ok";
}

/** `gateFor` a conversation not started yet, with the other member's facts read in one statement. */
export async function newChatGate(viewer: ChatViewer, otherUserId: number): Promise<ChatGate | "notFound"> {
  const [row] = await db().$queryRaw<GateFactsRow[]>`
    SELECT ${gateFactsSql(viewer.id)} FROM "User" o WHERE o.id = ${otherUserId}`;
  return gateFor(viewer, gateFactsFrom(row), true);
}

/** The user behind a profile id (not the viewer's own), or null. */
export async function profileOwner(profileId: number, viewerId: number): Promise<number | null> {
  const profile = await db().profile.findUnique({ where: { id: profileId }, select: { userId: true } });
  return profile && profile.userId !== viewerId ? profile.userId : null;
}

/** The viewer's conversation with another member, if there is one. */
export async function conversationWith(viewerId: number, otherUserId: number): Promise<number | null> {
  const [userAId, userBId] = viewerId < otherUserId ? [viewerId, otherUserId] : [otherUserId, viewerId];
  const row = await db().conversation.findUnique({
    where: { userAId_userBId: { userAId, userBId } },
    select: { id: true },
  });
  return row?.id ?? null;
}
