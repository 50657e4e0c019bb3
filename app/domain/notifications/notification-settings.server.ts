import { preferencesFrom } from "~/domain/core/notification-preferences";
import { describeUserAgent } from "~/lib/user-agent";
import { db } from "~/lib/db.server";
import { listPushSubscriptions } from "./push-subscriptions.server";

/** What /notifications shows: the eight mail switches and the devices with push on. */
export async function loadNotificationSettings(userId: number) {
  const [user, devices] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: userId }, select: { emailNotificationsOff: true } }),
    listPushSubscriptions(userId),
  ]);
  return {
    notifications: preferencesFrom(user.emailNotificationsOff),
    devices: devices.map((device) => ({
      id: device.id,
      endpoint: device.endpoint,
      ...describeUserAgent(device.userAgent),
      createdAt: device.createdAt.toISOString(),
      lastSuccessAt: device.lastSuccessAt?.toISOString() ?? null,
    })),
  };
}
