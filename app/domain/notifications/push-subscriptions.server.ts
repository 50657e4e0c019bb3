import { db } from "~/lib/db.server";
import type { PushSubscriptionInput } from "./push-subscription-schema";

/** Devices with push on one member may have; a new one replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

/**
 * Stores a browser's subscription for the member, tied to the login session it came from: ending
 * that session (logout, password change, account deletion) deletes the row with it, so a shared
 * computer stops showing the member's pushes once they log out. The endpoint is one device's
 * address: when it was stored for another member or session (someone else used this browser
 * before, or the member logged in again), it moves to this one. A member keeps at most
 * MAX_PUSH_DEVICES devices: a new one replaces the oldest.
 */
export async function savePushSubscription(
  { userId, sessionId }: { userId: number; sessionId: string },
  subscription: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  const fields = {
    userId,
    sessionId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: (userAgent ?? "").slice(0, 300),
  };
  await db().pushSubscription.upsert({
    where: { endpoint: subscription.endpoint },
    create: { endpoint: subscription.endpoint, ...fields },
    update: fields,
    select: { id: true },
  });
  // Past the limit the oldest go (after the upsert, so concurrent calls still end at the limit).
  const surplus = await db().pushSubscription.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: MAX_PUSH_DEVICES,
    select: { id: true },
  });
  if (surplus.length > 0) {
    await db().pushSubscription.deleteMany({ where: { id: { in: surplus.map((d) => d.id) } } });
  }
}

/** Removes one of the member's devices, by row id (the /notifications list) or by endpoint (the browser). */
export async function removePushSubscription(
  userId: number,
  which: { id: number } | { endpoint: string },
): Promise<boolean> {
  const { count } = await db().pushSubscription.deleteMany({ where: { userId, ...which } });
  return count > 0;
}

/** Devices whose login session still runs: those of an expired session get no pushes. */
export const liveSessionDevice = () => ({ session: { is: { expiresAt: { gt: new Date() } } } });

/** The member's devices with push on, newest first. */
export function listPushSubscriptions(userId: number) {
  return db().pushSubscription.findMany({
    where: { userId, ...liveSessionDevice() },
    orderBy: { createdAt: "desc" },
    select: { id: true, endpoint: true, userAgent: true, createdAt: true, lastSuccessAt: true },
  });
}

/** The push alert was closed: not shown again. */
export async function dismissPushAlert(userId: number): Promise<void> {
  await db().user.update({
    where: { id: userId },
    data: { pushAlertDismissedAt: new Date() },
    select: { id: true },
  });
}
