import { data } from "react-router";
import { authenticationRequired, noStore } from "~/lib/api-responses.server";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { standInsAllowed } from "~/lib/env.server";
import {
  isPushServiceEndpoint,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from "~/domain/notifications/push-subscription-schema";
import {
  removePushSubscription,
  savePushSubscription,
} from "~/domain/notifications/push-subscriptions.server";
import { readJson } from "~/middleware/request-body.server";

/**
 * `/api/user.php?push=1`: POST `{subscription}` stores this device's push
 * subscription for the member (only at a browser's push service: 400 `unknown_push_service`
 * otherwise; 429 past the member's hourly limit), DELETE `{endpoint}` forgets it (push turned off
 * on the device).
 */
export async function pushSubscriptionCall(
  request: Request,
  user: { id: number } | null,
  sessionId: string | null,
) {
  if (!user || !sessionId) return authenticationRequired();
  const json: unknown = await readJson(request);
  if (request.method === "POST") {
    if (!(await withinLimit(PUSH_SUBSCRIPTIONS_PER_MEMBER, user.id))) {
      return data({ error: "rateLimited" }, { status: 429, headers: { ...noStore, "Retry-After": "3600" } });
    }
    const body = pushSubscriptionBody.safeParse(json);
    if (!body.success) return data({ error: "invalid_subscription" }, { status: 400, headers: noStore });
    if (!isPushServiceEndpoint(body.data.subscription.endpoint, { standIns: standInsAllowed() })) {
      return data({ error: "unknown_push_service" }, { status: 400, headers: noStore });
    }
    await savePushSubscription(
      { userId: user.id, sessionId },
      body.data.subscription,
      request.headers.get("User-Agent"),
    );
    return data({ ok: true }, { headers: noStore });
  }
  if (request.method === "DELETE") {
    const body = pushUnsubscribeBody.safeParse(json);
    if (!body.success) return data({ error: "invalid_subscription" }, { status: 400, headers: noStore });
    await removePushSubscription(user.id, { endpoint: body.data.endpoint });
    return data({ ok: true }, { headers: noStore });
  }
  return data({ error: "method_not_allowed" }, { status: 405, headers: noStore });
}
