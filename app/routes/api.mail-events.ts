import { data } from "react-router";
import {
  applyMailEvents,
  hasMailEventsSecret,
  mailEventsSchema,
} from "~/domain/notifications/mail-events.server";
import { noStore } from "~/lib/api-responses.server";
import { env } from "~/lib/env.server";
import type { Route } from "./+types/api.mail-events";

const fail = (status: number, error: string) => data({ error }, { status, headers: noStore });

/**
 * POST /api/mail-events: the mail provider reports hard bounces, complaints (fbl) and unsubscribes
 * (format in README.md). Without MAIL_EVENTS_SECRET the endpoint is not configured: 503, so a
 * provider retries until it is.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return fail(405, "method_not_allowed");
  const secret = env().MAIL_EVENTS_SECRET;
  if (!secret) return fail(503, "not_configured");
  if (!hasMailEventsSecret(request.headers.get("Authorization"), secret)) return fail(401, "unauthorized");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return fail(400, "invalid_json");
  }
  const parsed = mailEventsSchema.safeParse(body);
  if (!parsed.success) return fail(400, "invalid_events");
  const events = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const accounts = await applyMailEvents(events);
  return data({ ok: true, events: events.length, accounts }, { headers: noStore });
}

export function loader() {
  return fail(405, "method_not_allowed");
}
