import type { Prisma } from "~/generated/prisma/client";
import { hitRateLimit, rateLimitHitSql } from "~/lib/rate-limit.server";
import type { AbuseLimit } from "./limits";

/**
 * Counts one hit of `subject` (a member id, an IP address, an e-mail address) against a limit of
 * ./limits.ts, or against several windows of one key at once; false (and nothing counted) once a
 * limit is used up within its window.
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

function keyOf(rules: AbuseLimit | readonly AbuseLimit[], subject: string | number) {
  const list: readonly AbuseLimit[] = Array.isArray(rules) ? rules : [rules as AbuseLimit];
  const key = list[0]!.key;
  if (list.some((rule) => rule.key !== key)) throw new Error("Limits checked together share one key");
  return { key: `${key}:${subject}`, list };
}
