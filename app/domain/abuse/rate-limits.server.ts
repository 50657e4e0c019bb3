import type { Prisma } from "~/generated/prisma/client";
import { addressSubject } from "~/lib/client-ip.server";
import { hitRateLimit, rateLimitHitSql, takeBackRateLimitHit } from "~/lib/rate-limit.server";
import type { AbuseLimit } from "./limits";

/**
 * Counts one hit of `subject` (a member id, an IP address, an e-mail address) against a limit of
 * ./limits.ts, or against several windows of one key at once; false (and nothing counted) once a
 * limit is used up within its window. An IP address counts as its network (addressSubject: an
 * IPv6 address by its /64), so every per-address limit groups the same way.
 */
export async function withinLimit(
  rules: AbuseLimit | readonly AbuseLimit[],
  subject: string | number,
): Promise<boolean> {
  const { key, list } = keyOf(rules, subject);
  const { allowed } = await hitRateLimit(key, list);
  return allowed;
}

/** withinLimit as an SQL expression (true when counted), for a statement that reads more beside it. */
export function withinLimitSql(
  rules: AbuseLimit | readonly AbuseLimit[],
  subject: string | number,
): Prisma.Sql {
  const { key, list } = keyOf(rules, subject);
  return rateLimitHitSql(key, list);
}

/**
 * Takes back one hit counted by withinLimit, for a limit that counts only some outcomes (discount
 * code lookups that find nothing): the hit is counted before the attempt, so parallel attempts
 * cannot pass the limit together, and taken back once the outcome is one that does not count.
 */
export async function takeBackHit(rule: AbuseLimit, subject: string | number): Promise<void> {
  await takeBackRateLimitHit(keyOf(rule, subject).key);
}

function keyOf(rules: AbuseLimit | readonly AbuseLimit[], subject: string | number) {
  const list: readonly AbuseLimit[] = Array.isArray(rules) ? rules : [rules as AbuseLimit];
  const key = list[0]!.key;
  if (list.some((rule) => rule.key !== key)) throw new Error("Limits checked together share one key");
  return { key: `${key}:${typeof subject === "string" ? addressSubject(subject) : subject}`, list };
}
