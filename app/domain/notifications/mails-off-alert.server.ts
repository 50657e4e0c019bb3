import { db } from "~/lib/db.server";

/** The member closed the disabled-notifications alert: it stays away until a new reason arrives. */
export async function dismissMailsOffAlert(userId: number, now = new Date()) {
  await db().user.update({
    where: { id: userId },
    data: { notificationsAlertDismissedAt: now },
    select: { id: true },
  });
}
