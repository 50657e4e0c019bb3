import { db } from "~/lib/db.server";

/** The member's read-receipts privacy switch: who hides theirs sees no one else's. */
export async function hidesReadReceipts(userId: number): Promise<boolean> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { hideReadReceipts: true } });
  return user?.hideReadReceipts ?? false;
}

export async function setHideReadReceipts(userId: number, hide: boolean) {
  await db().user.update({ where: { id: userId }, data: { hideReadReceipts: hide }, select: { id: true } });
}
