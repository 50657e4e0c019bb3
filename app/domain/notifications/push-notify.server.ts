import webpush, { WebPushError } from "web-push";
import type { NotificationKey } from "~/domain/core/notification-preferences";
import { visibleMemberWhere } from "~/domain/profiles/visible-member";
import { isBlockedBetween } from "~/domain/profiles/blocks.server";
import { db } from "~/lib/db.server";
import { env, standInsAllowed } from "~/lib/env.server";
import { QUEUES, jobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import { vapidKeys } from "~/lib/vapid-keys.server";
import type { MessageNotice } from "./message-notice";
import { hasVisibleTab } from "./presence.server";
import { FALLBACK_PUSH_ICON, type PushPayload } from "./push-payload";
import { isPushServiceEndpoint } from "./push-subscription-schema";
import { MAX_PUSH_DEVICES, liveSessionDevice } from "./push-subscriptions.server";
import { logger } from "~/lib/logger.server";

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Tries after a push service failed (down, 5xx, 429, timeout): after 1, 2, 4, 8 and 16 minutes. */
const PUSH_RETRY_LIMIT = 5;
const PUSH_RETRY_BASE_SECONDS = 60;

interface PushOutcome {
  sent: number;
  removed: number;
  failed: number;
}

const NOTHING: PushOutcome = { sent: 0, removed: 0, failed: 0 };

/** A like to tell the liked member about (queue "like-push"), outside the liker's request. */
export interface LikePushJob {
  likerId: number;
  likedId: number;
}

/**
 * The devices a push did not reach because their push service failed, tried again later (queue
 * "push-retry"); only those devices, so no device gets the push twice.
 */
export type PushRetryJob = { devices: number[]; attempt: number } & (
  { kind: "message"; notice: MessageNotice } | { kind: "like"; like: LikePushJob }
);

/** Which earlier try this is and which devices it is for (a retry); a first try reaches every device. */
interface PushTry {
  devices?: number[];
  attempt?: number;
}

export async function queueLikePush(job: LikePushJob): Promise<void> {
  const boss = await jobs();
  await boss.send(QUEUES.likePush, job);
}

/**
 * The recipient, when they get pushes of this kind at all: confirmed, with devices (of sessions
 * still running), preference on.
 * `devices` (a retry) limits it to those of their devices that still exist.
 */
async function recipientFor(userId: number, key: NotificationKey, devices?: number[]) {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      status: true,
      language: true,
      emailNotificationsOff: true,
      site: { select: { supportEmail: true } },
      pushSubscriptions: {
        where: { ...liveSessionDevice(), ...(devices ? { id: { in: devices } } : {}) },
        orderBy: { createdAt: "desc" },
        take: MAX_PUSH_DEVICES,
        select: { id: true, endpoint: true, p256dh: true, auth: true },
      },
    },
  });
  if (!user || user.status !== "confirmed" || user.pushSubscriptions.length === 0) return null;
  if (user.emailNotificationsOff.includes(key)) return null;
  return user;
}

type Recipient = NonNullable<Awaited<ReturnType<typeof recipientFor>>>;

/** The other member as the push shows them: name and main photo (only an approved public one). */
async function senderFor(userId: number) {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      status: true,
      profile: {
        select: {
          id: true,
          name: true,
          status: true,
          mainPhoto: { select: { id: true, status: true, visibility: true } },
        },
      },
    },
  });
  if (!user || user.status !== "confirmed" || !user.profile || user.profile.status !== "active") return null;
  const photo = user.profile.mainPhoto;
  const icon =
    photo?.status === "active" && photo.visibility === "public"
      ? `/photos/${photo.id}/thumb`
      : FALLBACK_PUSH_ICON;
  return { profileId: user.profile.id, name: user.profile.name, icon };
}

/** Pushes for a new message or a new conversation (job "message-notice"), unless the member is watching. */
export async function pushForMessage(notice: MessageNotice, attempt: PushTry = {}): Promise<PushOutcome> {
  const key = notice.newConversation ? "new_conversations" : "new_messages";
  const recipient = await recipientFor(notice.recipientId, key, attempt.devices);
  if (!recipient) return NOTHING;
  const membership = await db().conversationMember.findUnique({
    where: { conversationId_userId: { conversationId: notice.conversationId, userId: notice.recipientId } },
    select: { lastReadMessageId: true },
  });
  // Read already (in another tab or on another device): nothing left to tell.
  if (!membership || (membership.lastReadMessageId ?? 0) >= notice.messageId) return NOTHING;
  if (await hasVisibleTab(notice.recipientId)) return NOTHING;
  const sender = await senderFor(notice.senderId);
  if (!sender || (await isBlockedBetween(notice.senderId, notice.recipientId))) return NOTHING;
  const t = translatorFor(recipient.language);
  const kind = notice.newConversation ? "conversation" : "message";
  const { outcome, retry } = await sendToDevices(recipient, {
    title: t(`push:payload.${kind}.title`, { name: sender.name }),
    body: t(`push:payload.${kind}.body`, { name: sender.name }),
    icon: sender.icon,
    url: `/chats/${notice.conversationId}`,
    tag: `chat-${notice.conversationId}`,
  });
  await retryLater(retry, attempt, (devices, next) => ({ kind: "message", notice, devices, attempt: next }));
  return outcome;
}

/**
 * Pushes a like (job "like-push") while it still stands and its liker may be seen, unless the
 * member is watching.
 */
export async function pushForLike(job: LikePushJob, attempt: PushTry = {}): Promise<PushOutcome> {
  const { likerId, likedId } = job;
  const recipient = await recipientFor(likedId, "like", attempt.devices);
  if (!recipient) return NOTHING;
  // As the like mail: only a like from a member others may see (not invisible, disabled or deleted).
  const like = await db().like.findFirst({
    where: { likerId, likedId, liker: visibleMemberWhere },
    select: { id: true },
  });
  if (!like || (await hasVisibleTab(likedId))) return NOTHING;
  const liker = await senderFor(likerId);
  if (!liker || (await isBlockedBetween(likerId, likedId))) return NOTHING;
  const t = translatorFor(recipient.language);
  const { outcome, retry } = await sendToDevices(recipient, {
    title: t("push:payload.like.title", { name: liker.name }),
    body: t("push:payload.like.body", { name: liker.name }),
    icon: liker.icon,
    url: `/likes/m/${liker.profileId}`,
    tag: `like-${liker.profileId}`,
  });
  await retryLater(retry, attempt, (devices, next) => ({ kind: "like", like: job, devices, attempt: next }));
  return outcome;
}

/** The job of queue "push-retry": the same push again, for the devices that did not get it. */
export async function retryPush(job: PushRetryJob): Promise<PushOutcome> {
  const attempt = { devices: job.devices, attempt: job.attempt };
  return job.kind === "message" ? pushForMessage(job.notice, attempt) : pushForLike(job.like, attempt);
}

async function retryLater(
  devices: number[],
  { attempt = 0 }: PushTry,
  job: (devices: number[], attempt: number) => PushRetryJob,
) {
  if (devices.length === 0 || attempt >= PUSH_RETRY_LIMIT) return;
  const boss = await jobs();
  await boss.send(QUEUES.pushRetry, job(devices, attempt + 1), {
    startAfter: PUSH_RETRY_BASE_SECONDS * 2 ** attempt,
  });
}

/** A push service that is down, overloaded or slow may take the push later; a refusal (4xx) stays one. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof WebPushError)) return true; // no answer: connection refused, timeout
  return error.statusCode === 429 || error.statusCode >= 500;
}

/**
 * Sends the payload to every device of the member, encrypted for each (web-push, VAPID-signed).
 * A device the push service no longer knows (404, 410), or not at a push service at all, is removed; other failures are logged, and
 * those worth another try are returned in `retry`.
 */
async function sendToDevices(
  recipient: Recipient,
  payload: PushPayload,
): Promise<{ outcome: PushOutcome; retry: number[] }> {
  const keys = await vapidKeys();
  const vapidDetails = {
    subject: env().VAPID_SUBJECT ?? `mailto:${recipient.site.supportEmail}`,
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
  };
  const body = JSON.stringify(payload);
  const standIns = standInsAllowed();
  const results = await Promise.all(
    recipient.pushSubscriptions.map(async (device) => {
      // Stored before only push services' addresses were accepted (or a stand-in's, where none
      // runs now): never sent to, removed.
      if (!isPushServiceEndpoint(device.endpoint, { standIns }))
        return { id: device.id, result: "gone" as const };
      try {
        await webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          body,
          { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: "high", timeout: env().PUSH_TIMEOUT_MS },
        );
        return { id: device.id, result: "sent" as const };
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return { id: device.id, result: "gone" as const };
        }
        const status = error instanceof WebPushError ? error.statusCode : null;
        logger.error("push not sent", { subscriptionId: device.id, status, error: String(error) });
        return { id: device.id, result: worthRetrying(error) ? ("retry" as const) : ("failed" as const) };
      }
    }),
  );
  const ids = (result: string) => results.filter((r) => r.result === result).map((r) => r.id);
  const [sent, gone] = [ids("sent"), ids("gone")];
  if (sent.length > 0) {
    await db().pushSubscription.updateMany({
      where: { id: { in: sent } },
      data: { lastSuccessAt: new Date() },
    });
  }
  if (gone.length > 0) await db().pushSubscription.deleteMany({ where: { id: { in: gone } } });
  return {
    outcome: { sent: sent.length, removed: gone.length, failed: results.length - sent.length - gone.length },
    retry: ids("retry"),
  };
}
