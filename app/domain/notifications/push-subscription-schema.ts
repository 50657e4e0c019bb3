import { z } from "zod";
import { env } from "~/lib/env.server";

const base64url = (max: number) =>
  z
    .string()
    .min(8)
    .max(max)
    .regex(/^[\w-]+=*$/);

/** A browser's PushSubscription as `subscription.toJSON()` gives it (for `POST /api/user.php?push=1`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionBody = z.object({ subscription: pushSubscriptionSchema });

/**
 * The push services real browsers subscribe at (PushManager.subscribe() hands out an endpoint of
 * the browser's own service, never one a site chooses): Google FCM (Chrome and the other Chromium
 * browsers: Opera, Samsung Internet, Brave), Mozilla autopush (Firefox), Apple (Safari on macOS
 * and iOS) and Windows Push Notification Services (Edge). Pushes go only to these, so a member
 * cannot make the site send requests to any other address.
 */
const PUSH_SERVICE_HOSTS = new Set(["fcm.googleapis.com"]);
/** Push services whose endpoints live on this domain or any of its subdomains. */
const PUSH_SERVICE_DOMAINS = ["push.services.mozilla.com", "push.apple.com", "notify.windows.com"];
/** The local push stand-in (tests/fixtures/push-service.ts) listens here, on any port. */
const STAND_IN_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Whether `endpoint` is an address of a browser's push service: https on the default port at one
 * of the known hosts, or, where stand-ins run (`standIns`: embedded database or STANDINS=true),
 * the local push stand-in on a loopback address. Not in production (NODE_ENV=production, e.g.
 * `npm start` on the embedded database) unless STANDINS=true declares a test server: there a
 * member's loopback endpoint would make the server post to its own local ports.
 */
export function isPushServiceEndpoint(endpoint: string, { standIns }: { standIns: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return false;
  const host = url.hostname;
  if (STAND_IN_HOSTS.has(host)) return standIns && (env().NODE_ENV !== "production" || env().STANDINS);
  if (url.port !== "") return false;
  return (
    PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))
  );
}

/** DELETE /api/user.php?push=1: the device to forget, by its endpoint. */
export const pushUnsubscribeBody = z.object({ endpoint: z.url({ protocol: /^https$/ }).max(1000) });
