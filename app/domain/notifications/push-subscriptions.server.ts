import { db } from "~/lib/db.server";
import type { PushSubscriptionInput } from "./push-subscription-schema";

/**
 * Stores a browser's subscription for the member. The endpoint is one device's address: when it
 * was stored for another member (someone else used this browser before), it moves to this one.
 */
export async function savePushSubscription(
  userId: number,
  subscription: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  const fields = {
    userId,
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
}

/** Removes one of the member's devices, by row id (the /notifications list) or by endpoint (the browser). */
export async function removePushSubscription(
  userId: number,
  which: { id: number } | { endpoint: string },
): Promise<boolean> {
  const { count } = await db().pushSubscription.deleteMany({ where: { userId, ...which } });
  return count > 0;
}

/** The member's devices with push on, newest first. */
export function listPushSubscriptions(userId: number) {
  return db().pushSubscription.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, endpoint: true, userAgent: true, createdAt: true, lastSuccessAt: true },
  });
}

/** The push alert (SPEC alerts) was closed: not shown again. */
export async function dismissPushAlert(userId: number): Promise<void> {
  await db().user.update({
    where: { id: userId },
    data: { pushAlertDismissedAt: new Date() },
    select: { id: true },
  });
}
