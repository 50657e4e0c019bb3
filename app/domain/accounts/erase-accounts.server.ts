import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { DELETION_GRACE_MS } from "./delete-account.server";

/** Accounts erased per transaction, so one run never holds long locks. */
const BATCH_SIZE = 100;

/** The address an erased account keeps: unique, and never deliverable. */
const erasedEmail = (userId: number) => `erased-${userId}@invalid`;

/**
 * Erases the personal data of accounts deleted longer than the grace period ago (the daily job).
 * The user row stays, without anything that identifies the person, because the credit ledger and
 * payments point at it and must be kept for the payment records; so do the member's chat messages,
 * without their texts and photos. Returns how many were erased.
 */
export async function eraseExpiredAccounts(now: Date = new Date()): Promise<number> {
  const deletedBefore = new Date(now.getTime() - DELETION_GRACE_MS);
  let erased = 0;
  for (;;) {
    const users = await db().user.findMany({
      where: { status: "deleted", erasedAt: null, deletedAt: { lt: deletedBefore } },
      orderBy: { id: "asc" },
      take: BATCH_SIZE,
      select: { id: true, email: true },
    });
    if (users.length === 0) return erased;
    for (const user of users) {
      await eraseAccount(user, now);
      erased++;
    }
  }
}

async function eraseAccount(user: { id: number; email: string }, now: Date) {
  const photos = await db().photo.findMany({
    where: { profile: { userId: user.id } },
    select: { filename: true, thumbFilename: true },
  });
  // The erased member's chat photos, or null when the account was not erased after all.
  const chatPhotos = await db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      // Checked again inside the transaction: a reactivation may have just happened.
      where: { id: user.id, status: "deleted", erasedAt: null },
      data: {
        email: erasedEmail(user.id),
        passwordHash: null,
        network: null,
        ref: null,
        sub1: null,
        sub2: null,
        sub3: null,
        signupIp: null,
        signupMessage: null,
        deleteRemarks: null,
        lockedUntil: null,
        lastSeenAt: null,
        emailNotificationsOff: [],
        notificationsDisabled: [],
        erasedAt: now,
      },
    });
    if (count === 0) return null;
    // Photo rows and interests go with the profile (cascade); the files follow after the commit.
    await tx.profile.deleteMany({ where: { userId: user.id } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.verification.deleteMany({ where: { userId: user.id } });
    await tx.loginAttempt.deleteMany({ where: { userId: user.id } });
    // The record of which terms the member accepted stays (it is the account's), its address goes.
    await tx.termsAcceptance.updateMany({
      where: { userId: user.id, ip: { not: null } },
      data: { ip: null },
    });
    // Appeals hold the member's own words (docs/product.md, Appeals); their decisions stay in the staff log.
    await tx.appeal.deleteMany({ where: { userId: user.id } });
    // Sent mails carry the address and the name.
    await tx.mail.deleteMany({ where: { OR: [{ userId: user.id }, { to: user.email }] } });
    // What the member wrote and showed in chats goes, while each message keeps its place (and
    // credits, the ledger's reference) in the partner's conversation, shown there as removed: texts
    // are blanked (no text can be sent empty), and deleting the chat photos clears the photo
    // messages' chatPhotoId (SetNull). Gifts say nothing of the member and stay as they are.
    await tx.message.updateMany({ where: { senderId: user.id, body: { not: "" } }, data: { body: "" } });
    const ownChatPhotos = await tx.chatPhoto.findMany({
      where: { ownerId: user.id },
      select: { id: true, filename: true, thumbFilename: true },
    });
    await tx.chatPhoto.deleteMany({ where: { id: { in: ownChatPhotos.map((p) => p.id) } } });
    // Complaints the member sent keep what they were about, not who sent them.
    await tx.complaint.updateMany({
      where: { email: user.email },
      data: { name: "", email: erasedEmail(user.id) },
    });
    return ownChatPhotos;
  });
  if (chatPhotos === null) return;
  const storage = fileStorage();
  await Promise.all(
    [...photos, ...chatPhotos].flatMap((p) => [storage.remove(p.filename), storage.remove(p.thumbFilename)]),
  );
}
