import { z } from "zod";

const base64url = (max: number) =>
  z
    .string()
    .min(8)
    .max(max)
    .regex(/^[\w-]+=*$/);

/** A browser's PushSubscription as `subscription.toJSON()` gives it (SPEC call `POST /api/user.php?push=1`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionBody = z.object({ subscription: pushSubscriptionSchema });

/** DELETE /api/user.php?push=1: the device to forget, by its endpoint. */
export const pushUnsubscribeBody = z.object({ endpoint: z.url({ protocol: /^https$/ }).max(1000) });
