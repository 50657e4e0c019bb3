import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import { unsubscribeFor } from "~/domain/notifications/notification-mail.server";
import { db } from "~/lib/db.server";
import { QUEUES, jobs } from "~/lib/jobs.server";
import { visibleMemberWhere } from "~/domain/profiles/visible-member";

/** At most one like mail to a member per hour. */
const LIKE_MAIL_INTERVAL_MS = 3600_000;

export interface LikeMailJob {
  userId: number;
  /** The site's address as the liker's request reached it, for the link in the mail. */
  origin: string;
}

/** When the next like mail to a member may go: now, or an hour after the previous one. */
function nextSlot(lastSentAt: Date | null, now = Date.now()): Date {
  const earliest = lastSentAt ? lastSentAt.getTime() + LIKE_MAIL_INTERVAL_MS : now;
  return new Date(Math.max(earliest, now));
}

async function scheduleLikeMail(job: LikeMailJob, at: Date) {
  const boss = await jobs();
  // One waiting job per member (queue policy "short"): likes arriving meanwhile join that mail.
  await boss.send(QUEUES.likeMail, job, { singletonKey: String(job.userId), startAfter: at });
}

/** Asks for a like mail to the liked member; likes within the hour are summed in one mail. */
export async function queueLikeMail(job: LikeMailJob) {
  const user = await db().user.findUnique({ where: { id: job.userId }, select: { likeMailSentAt: true } });
  if (user) await scheduleLikeMail(job, nextSlot(user.likeMailSentAt));
}

type Outcome = { kind: "later"; at: Date } | { kind: "none" } | { kind: "sent" };

/**
 * The like mail job: tells the member about every like not mailed yet (marking them), if their
 * `like` preference is on and no notifications are disabled; otherwise the likes are passed over.
 * The member's row is locked, so two workers never send two mails within the hour. The mail is
 * queued in the transaction that marks the likes: a failure leaves neither, and the retry sends it.
 */
export async function sendLikeMail(job: LikeMailJob, now = new Date()) {
  const outcome = await db().$transaction(async (tx): Promise<Outcome> => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${job.userId} FOR NO KEY UPDATE`;
    const user = await tx.user.findUnique({
      where: { id: job.userId },
      select: {
        email: true,
        language: true,
        status: true,
        notificationsDisabled: true,
        emailNotificationsOff: true,
        likeMailSentAt: true,
        site: { select: { name: true, domain: true } },
        profile: { select: { name: true } },
      },
    });
    if (!user) return { kind: "none" };
    const slot = nextSlot(user.likeMailSentAt, now.getTime());
    if (slot > now) return { kind: "later", at: slot };
    const likes = await tx.like.findMany({
      where: { likedId: job.userId, mailedAt: null, liker: visibleMemberWhere },
      orderBy: { createdAt: "desc" },
      select: { id: true, liker: { select: { profile: { select: { name: true } } } } },
    });
    if (likes.length === 0) return { kind: "none" };
    await tx.like.updateMany({ where: { id: { in: likes.map((l) => l.id) } }, data: { mailedAt: now } });
    const wanted =
      user.status === "confirmed" &&
      user.notificationsDisabled.length === 0 &&
      !user.emailNotificationsOff.includes("like");
    if (!wanted) return { kind: "none" };
    await tx.user.update({ where: { id: job.userId }, data: { likeMailSentAt: now }, select: { id: true } });
    await sendAccountMail(
      {
        kind: "like",
        to: user.email,
        userId: job.userId,
        language: user.language,
        site: user.site,
        name: user.profile?.name ?? "",
        link: `${job.origin}/likes/received`,
        values: { count: likes.length, likerName: likes[0]!.liker.profile?.name ?? "" },
        unsubscribe: unsubscribeFor(job.origin, job.userId, "like"),
      },
      tx,
    );
    return { kind: "sent" };
  });
  if (outcome.kind === "later") await scheduleLikeMail(job, outcome.at);
  return outcome.kind;
}
