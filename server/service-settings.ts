// The outside-service settings of the app servers on one database, compared at start: a server
// whose mail, payment or SMS settings differ from the others' (one on SMTP, one on the outbox) would
// otherwise mail, charge or text differently depending on which server a request reached.
import { createHmac, randomUUID } from "node:crypto";
import type { Env } from "../app/lib/env.server";
import { db } from "../app/lib/db.server";
import type { Logger } from "../app/lib/logger.server";

const COMPARED_SETTINGS = ["SMTP_URL", "MOLLIE_API_KEY", "SMS_URL"] as const;
type ServiceSettings = Record<(typeof COMPARED_SETTINGS)[number], string>;

/** How often a running server renews its row; one not renewed for three times this has stopped. */
const SEEN_EVERY_MS = 60_000;
const RUNNING_WITHIN_MS = 3 * SEEN_EVERY_MS;

/**
 * Fingerprints of the settings: "none" when unset, else a hash keyed with the session secret (the
 * servers of one installation share it), so the row shows neither a password nor a key. A Mollie
 * key shows its mode (live or test) too.
 */
export function serviceSettings(env: Env, secret: string): ServiceSettings {
  const hash = (value: string | undefined) =>
    value ? createHmac("sha256", secret).update(value).digest("hex").slice(0, 16) : "none";
  const mollie = env.MOLLIE_API_KEY;
  return {
    SMTP_URL: hash(env.SMTP_URL),
    MOLLIE_API_KEY: mollie ? `${mollie.split("_")[0]}:${hash(mollie)}` : "none",
    SMS_URL: hash(env.SMS_URL),
  };
}

/** The settings in which `own` differs from any of the other servers'. */
function differingSettings(own: ServiceSettings, others: ServiceSettings[]): string[] {
  return COMPARED_SETTINGS.filter((name) => others.some((other) => other[name] !== own[name]));
}

/**
 * Compares this server's settings with those of the other running servers (a warning naming each
 * setting that differs), then keeps its own row current until `stop`.
 */
export async function checkServiceSettings(env: Env, secret: string, logger: Logger) {
  const id = randomUUID();
  const own = serviceSettings(env, secret);
  const runningSince = new Date(Date.now() - RUNNING_WITHIN_MS);
  await db().appServer.deleteMany({ where: { seenAt: { lt: runningSince } } });
  const others = await db().appServer.findMany({ select: { settings: true } });
  const differing = differingSettings(
    own,
    others.map((row) => row.settings as ServiceSettings),
  );
  if (differing.length > 0) {
    logger.warn("outside-service settings differ from other running servers", {
      settings: differing,
      servers: others.length,
    });
  }
  await db().appServer.create({ data: { id, settings: own } });
  const renew = setInterval(() => {
    db()
      .appServer.upsert({
        where: { id },
        create: { id, settings: own },
        update: { seenAt: new Date() },
        select: { id: true },
      })
      .catch((error: unknown) => logger.warn("server row not renewed", { error: String(error) }));
  }, SEEN_EVERY_MS);
  renew.unref();
  return {
    differing,
    stop: async () => {
      clearInterval(renew);
      await db().appServer.deleteMany({ where: { id } });
    },
  };
}
