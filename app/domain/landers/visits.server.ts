import { createHmac, timingSafeEqual } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import type { Tracking } from "~/domain/core/tracking";

export interface LanderView {
  siteId: number;
  /** "gallery", "members/12/landing", … */
  lander: string;
  slug: string | null;
  tracking: Tracking;
}

const signature = (id: number) =>
  createHmac("sha256", sessionSecret()).update(`lander-visit:${id}`).digest("base64url").slice(0, 22);

/** The visit's id with a signature, for the bounce beacon: no one can mark another visit. */
function visitToken(id: number): string {
  return `${id}.${signature(id)}`;
}

function visitIdFrom(token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** Records one view of a lander (one insert) and answers the signed token of the visit. */
export async function recordVisit(view: LanderView): Promise<string> {
  const visit = await db().landerVisit.create({
    data: {
      siteId: view.siteId,
      lander: view.lander,
      slug: view.slug,
      campaignToken: view.tracking.campaign ?? null,
      network: view.tracking.network ?? null,
      sub1: view.tracking.sub1 ?? null,
    },
    select: { id: true },
  });
  return visitToken(visit.id);
}

/**
 * Lander bounce logging (`?lb`): the visitor left the lander without signing up. Sets
 * `bouncedAt` once, never on a visit that became a signup; false for a token that is not a visit
 * of this site.
 */
export async function recordBounce(siteId: number, token: string): Promise<boolean> {
  const id = visitIdFrom(token);
  if (id === null) return false;
  const visit = await db().landerVisit.findFirst({ where: { id, siteId }, select: { id: true } });
  if (!visit) return false;
  // One UPDATE, not a read and a write: when it waits for a signup's uncommitted transaction on this
  // row, PostgreSQL checks the row again after the commit and finds its signedUpAt.
  await db().landerVisit.updateMany({
    where: { id, bouncedAt: null, signedUpAt: null },
    data: { bouncedAt: new Date() },
  });
  return true;
}

/**
 * The visit became a signup, in the signup's transaction: a bounce logged before (the visitor left,
 * then came back through the back-forward cache, or a beacon crossed the signup) no longer stands,
 * and a beacon arriving later marks none. Anything but a signed visit of this site changes nothing.
 */
export async function recordSignup(
  siteId: number,
  token: string,
  tx: Prisma.TransactionClient = db(),
): Promise<void> {
  const id = visitIdFrom(token);
  if (id === null) return;
  await tx.landerVisit.updateMany({
    where: { id, siteId, signedUpAt: null },
    data: { bouncedAt: null, signedUpAt: new Date() },
  });
}
