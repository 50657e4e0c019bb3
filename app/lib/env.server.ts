import { isIP } from "node:net";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Limits on waiting for the database and the outside services (milliseconds). */
const timeoutsSchema = z.object({
  /** How long opening a database connection may take before the request fails (pool full, database down). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** PostgreSQL's statement_timeout for the app's connections; the client gives up 5 s later. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** PostgreSQL ends a session left idle inside a transaction this long (its locks are freed). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long one call to Mollie's API may take before it counts as failed. */
  MOLLIE_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** SMTP connection, greeting and socket inactivity limit; a mail that times out is retried. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** How long a push service may take to accept one push; a push that times out is retried. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

/** Express's names for address ranges, accepted in a TRUST_PROXY list beside addresses and networks. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

const isProxyEntry = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * Express's "trust proxy", as the number of proxies in front (0 or "false": none) or a
 * comma-separated list of their addresses and networks (`10.0.0.0/8,127.0.0.1`, or Express's
 * `loopback`, `linklocal`, `uniquelocal`). `true` is refused: Express would then take the
 * left-most X-Forwarded-For, which any client writes itself, so every per-address limit and log
 * line would use an address the visitor chose (docs/decisions/0032-login-lockout.md).
 */
const trustProxySchema = z
  .string()
  .trim()
  .default("false")
  .refine((value) => value.toLowerCase() !== "true", {
    message:
      "true is refused: it lets every visitor choose its own address (X-Forwarded-For); give the number of proxies in front (e.g. 1) or their addresses/networks (e.g. 10.0.0.0/8)",
  })
  .refine(
    // "true" has its own message above.
    (value) =>
      /^(\d+|false|true)$/i.test(value) || value.split(",").every((entry) => isProxyEntry(entry.trim())),
    {
      message:
        "must be the number of proxies in front (e.g. 1) or a comma-separated list of their addresses/networks",
    },
  )
  .transform((value): number | string[] => {
    if (value === "false") return 0;
    return /^\d+$/.test(value) ? Number(value) : value.split(",").map((entry) => entry.trim());
  });

/** The parsed TRUST_PROXY, as Express's "trust proxy" takes it. */
export type TrustProxy = z.infer<typeof trustProxySchema>;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Without it the server starts an embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Load demo members on a first start with an empty database (default: only on the embedded database). */
  DEMO_DATA: booleanFlag.optional(),
  /** How many demo members a first start with demo data creates. */
  SEED_MEMBERS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /** Draw the demo members' photo files in the background (false: rows only, e.g. for `npm run bench`). */
  DEMO_PHOTOS: booleanFlag.default(true),
  SESSION_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.url().optional(),
  /** Real mail (smtp:// or smtps://). Without it mail goes to the local outbox at /dev/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Name of a header set by a trusted proxy with the visitor's country, e.g. CF-IPCountry. */
  GEOIP_HEADER: z.string().min(1).optional(),
  /** Which proxies in front may tell the visitor's address (X-Forwarded-For); see trustProxySchema. */
  TRUST_PROXY: trustProxySchema,
  /** S3-compatible photo storage; without S3_BUCKET files live under DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Mollie (live_… or test_…). Without it payments go to the local Mollie simulator (a stand-in). */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w{20,}$/, "must be a Mollie key (live_… or test_…)")
    .optional(),
  /**
   * SMS provider endpoint (MessageBird-style JSON POST: originator, recipients, body). Without it
   * texts (direct debit codes) go to the local SMS outbox at /dev/sms where stand-ins are allowed.
   */
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as `Authorization: AccessKey …` to SMS_URL. */
  SMS_API_KEY: z.string().min(1).optional(),
  /** Sender shown on texts: up to 11 letters and digits, or a phone number (default: the site's name). */
  SMS_FROM: z
    .string()
    .regex(/^([A-Za-z0-9 ]{1,11}|\+?\d{3,16})$/, "up to 11 letters and digits, or a phone number")
    .optional(),
  /**
   * Shared secret of the mail provider's bounce/complaint webhook (POST /api/mail-events, sent as
   * `Authorization: Bearer …`). Without it that endpoint answers 503.
   */
  MAIL_EVENTS_SECRET: z.string().min(16).optional(),
  /**
   * Web push (VAPID) key pair, base64url as `npx web-push generate-vapid-keys` prints it. Without
   * them a pair is generated once and kept in the database (every process of one installation shares it).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/, "must be a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/, "must be a base64url P-256 private key")
    .optional(),
  /** Contact for push services, `mailto:…` or `https://…` (default: mailto: the site's support address). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must start with mailto: or https://")
    .optional(),
  /** Run the local stand-ins (mail outbox, Mollie simulator) on an external database, e.g. staging. */
  STANDINS: booleanFlag.default(false),
  /** Set by the server itself once it started its embedded PostgreSQL (and DATABASE_URL points there). */
  EMBEDDED_DATABASE: booleanFlag.default(false),
  /** Photo uploads decoded at the same time per process; more wait their turn (each may take ~160 MB). */
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Photo uploads per process that may wait for a decode slot, their bodies read (up to ~10 MB
   * each); beyond the decoding and these, an upload is refused as busy before its body is read.
   */
  IMAGE_UPLOAD_QUEUE: z.coerce.number().int().min(0).max(200).default(8),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  ...timeoutsSchema.shape,
});

export type Env = z.infer<typeof envSchema>;

/** Reads and checks the environment; a bad value throws an error naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const env = result.data;
  // An external database means a real deployment: it must bring its own secret.
  if (!env.SESSION_SECRET && env.NODE_ENV === "production" && !usesEmbeddedDatabase(env)) {
    throw new Error(
      "Invalid environment configuration:\n  SESSION_SECRET: required in production with DATABASE_URL",
    );
  }
  const missing = missingRealServices(env);
  if (env.NODE_ENV === "production" && !usesEmbeddedDatabase(env) && !env.STANDINS && missing.length > 0) {
    const problems = missing.map(
      (name) =>
        `  ${name}: required in production with DATABASE_URL (or set STANDINS=true for a staging server on the stand-ins)`,
    );
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return env;
}

/**
 * The real services a deployment lacks, by the variable that configures each: without it the
 * service's stand-in (mail outbox, Mollie simulator, SMS outbox) would take its place.
 */
export function missingRealServices(source: Env): string[] {
  return (["SMTP_URL", "MOLLIE_API_KEY", "SMS_URL"] as const).filter((name) => !source[name]);
}

/**
 * Whether the local stand-ins may run: on the embedded database (the README's start, the tests) or
 * with an explicit STANDINS=true. A production server never hands out credits through one.
 */
export function standInsAllowed(source: Env = env()): boolean {
  return usesEmbeddedDatabase(source) || source.STANDINS;
}

/** The local embedded PostgreSQL (no DATABASE_URL given, or the one the server started itself). */
export function usesEmbeddedDatabase(source: Env = env()): boolean {
  return !source.DATABASE_URL || source.EMBEDDED_DATABASE;
}

/** The secret that signs session cookies; server/main.ts provides a local one when none is configured. */
export function sessionSecret(): string {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set");
  return secret;
}

/**
 * Only the timeouts, for code that also runs outside the server (seed and bench scripts use the
 * database): a malformed one throws naming the variable, the rest of the environment is not checked.
 */
export function timeouts(source: Record<string, string | undefined> = process.env) {
  const result = timeoutsSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
