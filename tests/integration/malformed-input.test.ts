// Bad input never answers 500: every action and JSON call of routes.ts gets broken JSON,
// a broken multipart body, the wrong content type, invalid UTF-8, oversized fields and files, and
// missing and repeated fields. Each answers 4xx (unreadable bodies with a translated message),
// stores nothing and logs no "unhandled error".
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { data } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import routes from "../../app/routes";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN } from "../fixtures/members";
import { runRoute, sessionCookie } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";

type Handler = (args: never, next: never) => unknown;
type As = "visitor" | "unconfirmed" | "member" | "staff" | "asked";

function routeList(entries: RouteConfigEntry[], prefix = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.index || entry.path ? [{ pattern: here.replace(/\/+/g, "/"), file: entry.file }] : [];
    return [...own, ...routeList(entry.children ?? [], here === "/" ? "" : here)];
  });
}

const modules = import.meta.glob<Record<string, unknown>>([
  "../../app/routes/*.{ts,tsx}",
  "../../app/stand-ins/routes/*.{ts,tsx}",
]);

/** Who posts: pages for visitors only are posted by a visitor, staff pages by staff, the rest by a member. */
const POSTED_BY: Record<string, As> = {
  "/login": "visitor",
  "/login/appeal": "visitor",
  "/signup": "visitor",
  "/api/user.php": "visitor",
  "/landers/:design/:slug?": "visitor",
  "/members/:id/landing": "visitor",
  "/members/:id/landing2/:slug?": "visitor",
  "/members/:id/landing3/:slug?": "visitor",
  "/members/:id/signup": "visitor",
  "/reset-password": "visitor",
  "/reset-password/do": "visitor",
  "/activate": "visitor",
  "/staff/complaints": "staff",
  "/staff/payments": "staff",
  "/staff/mailings": "staff",
  "/staff/campaigns": "staff",
  "/staff/photos": "staff",
  "/staff/appeals": "staff",
  "/staff/members/:id/:action": "staff",
  // Back office, admins only: the site's settings, packages and gifts.
  "/staff/settings": "staff",
  "/staff/packages": "staff",
  "/staff/gifts": "staff",
  "/staff/discount-codes": "staff",
  "/staff/team": "staff",
  "/dev/mollie/checkout/:id": "staff",
  "/complete-signup": "unconfirmed",
  // Posted by a member the terms form asks, so that a broken body could record an acceptance.
  "/terms/accept": "asked",
  "PUT /api/user.php": "member",
};

/**
 * Actions that never read a body, and what they answer whatever is sent: logging out, the tab
 * beacon, one-click unsubscribe (RFC 8058: the token is the URL), the payment provider's webhook
 * (an unknown payment is acknowledged), the mail provider's events (secret not configured here),
 * the lander bounce log (an unreadable beacon is dropped), the stand-in checkout of an unknown payment.
 */
const IGNORES_BODY: Record<string, number> = {
  "POST /logout": 302,
  "POST /api/logout.php": 302,
  "POST /api/page-hidden.php": 204,
  "POST /unsubscribe/:token": 400,
  "POST /payments/webhook": 200,
  "POST /api/mail-events": 503,
  "POST /api/lander-bounce": 404,
  // DELETE is the call; a POST is refused before any body is read.
  "POST /api/chat.php": 405,
  // Only the payer and staff may settle a checkout; the payment is looked up before the body is
  // read, and the test's id names none.
  "POST /dev/mollie/checkout/:id": 404,
};

/**
 * Forms without a required field: an empty (or, for a FormData reader, repeated) form is a complete
 * request there, e.g. closing the entry warning or the time-bonus modal.
 */
const NOTHING_REQUIRED = new Set([
  "/entry-warning",
  "/likes/announced",
  "/time-bonus/dismiss",
  "/lang-config",
  "/credits/repeat-order",
]);

/** JSON calls that take other methods than POST. */
const JSON_METHODS: Record<string, string[]> = { "/api/user.php": ["PUT"], "/api/chat.php": ["DELETE"] };

let member: number;
let unconfirmed: number;
let staff: number;
/** Signed up before the site's terms version and never accepted it: the terms form asks them. */
let asked: number;
let profileId: number;
/** The user behind `profileId`, for the staff's actions on one member. */
let targetUserId: number;

/** Routes whose parameters must name something real for the body to be read at all. */
const PARAMS: Record<string, () => Record<string, string>> = {
  "/staff/members/:id/:action": () => ({ id: String(targetUserId), action: "ban" }),
};

const BOUNDARY = "----matrixboundary";
const bytes = (text: string) => new TextEncoder().encode(text);

interface Case {
  name: string;
  contentType?: string;
  body: () => BodyInit;
  /** The reader's translated message is in the answer ("any": either of them). */
  message?: "any" | "tooLarge";
}

const CASES: Case[] = [
  {
    name: "broken JSON",
    contentType: "application/json",
    body: () => '{"email": "a@b.nl", ',
    message: "any",
  },
  {
    name: "broken multipart",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nlid@example.com`,
    message: "any",
  },
  {
    name: "wrong content type",
    contentType: "text/plain",
    body: () => "email=lid@example.com",
    message: "any",
  },
  {
    name: "invalid UTF-8 (form)",
    contentType: "application/x-www-form-urlencoded",
    body: () => new Uint8Array([...bytes("email=a%FF%FE&intent="), 0xff, 0xfe]),
    message: "any",
  },
  {
    name: "invalid UTF-8 (multipart)",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: () =>
      new Uint8Array([
        ...bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`),
        0xc3,
        0x28,
        ...bytes(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    message: "any",
  },
  {
    name: "invalid UTF-8 (JSON)",
    contentType: "application/json",
    body: () => new Uint8Array([...bytes('{"email": "'), 0xff, ...bytes('"}')]),
    message: "any",
  },
  {
    name: "oversized field",
    contentType: "application/x-www-form-urlencoded",
    body: () => `intent=send&body=${"x".repeat(200_000)}`,
    message: "any",
  },
  {
    name: "oversized body",
    contentType: "application/x-www-form-urlencoded",
    body: () => `email=${"x".repeat(2 * 1024 * 1024)}`,
    message: "tooLarge",
  },
  { name: "missing fields", contentType: "application/x-www-form-urlencoded", body: () => "" },
  {
    name: "repeated fields",
    contentType: "application/x-www-form-urlencoded",
    body: () => "intent=like&intent=unlike&email=a@b.nl&email=c@d.nl&language=de&language=fr",
  },
];

/** Rows nothing here may create or change. */
async function stored() {
  const d = db();
  return {
    users: await d.user.count(),
    complaints: await d.complaint.count(),
    messages: await d.message.count(),
    conversations: await d.conversation.count(),
    photos: await d.photo.count(),
    chatPhotos: await d.chatPhoto.count(),
    payments: await d.payment.count(),
    likes: await d.like.count(),
    blocks: await d.block.count(),
    refunds: await d.refundRequest.count(),
    campaignLinks: await d.campaignLink.count(),
    mailings: await d.mailing.count(),
    directDebits: await d.directDebitRequest.count(),
    verifications: await d.verification.count(),
    pushSubscriptions: await d.pushSubscription.count(),
    termsAcceptances: await d.termsAcceptance.count(),
    dataExports: await d.dataExport.count(),
    appeals: await d.appeal.count(),
  };
}

async function handlersOf(file: string) {
  const module = await modules[`../../app/${file}`]!();
  return { action: module.action as Handler | undefined, middleware: (module.middleware as Handler[]) ?? [] };
}

/**
 * The action as React Router's server runs it: a thrown Response or data() is the answer; anything
 * else goes to handleError (entry.server) and becomes a 500.
 */
function asServer(action: Handler): Handler {
  return (async (args: { request: Request }, next: never) => {
    try {
      return await action(args as never, next);
    } catch (error) {
      const value = error as { type?: string };
      if (error instanceof Response || value?.type === "DataWithResponseInit") throw error;
      handleError(error, { request: args.request });
      throw data(null, { status: 500 });
    }
  }) as Handler;
}

function pathFor(pattern: string) {
  const params = PARAMS[pattern]?.();
  if (params) return pattern.replace(/:(\w+)/g, (_, name: string) => params[name]!);
  return pattern
    .replace(/\/:(\w+)\?/g, "")
    .replace(":id", String(profileId))
    .replace(/:(\w+)/g, (_, name: string) => (name === "design" ? "gallery" : `x${name}`));
}

let errorLog: ReturnType<typeof vi.spyOn>;
let consoleErrors: ReturnType<typeof vi.spyOn>;
let before: Awaited<ReturnType<typeof stored>>;

beforeAll(async () => {
  await seedBaseData(db());
  member = (await createMember({ paidUser: true })).userId;
  await db().user.update({ where: { id: member }, data: { credits: 500 } });
  staff = (await createMember({ role: "admin" })).userId;
  unconfirmed = (await createMember({ userStatus: "not_confirmed" })).userId;
  asked = (await createMember({ signupDate: new Date("2020-01-01T00:00:00Z") })).userId;
  const target = await createMember({ name: "Doel", photos: [{}] });
  profileId = target.profileId;
  targetUserId = target.userId;
  before = await stored();
  errorLog = vi.spyOn(logger, "error");
  consoleErrors = vi.spyOn(console, "error");
});

afterEach(() => {
  expect(errorLog.mock.calls.map((call: unknown[]) => String(call[0]))).toEqual([]);
  expect(consoleErrors.mock.calls.map((call: unknown[]) => String(call[0]))).toEqual([]);
  errorLog.mockClear();
  consoleErrors.mockClear();
});

afterAll(async () => {
  errorLog.mockRestore();
  consoleErrors.mockRestore();
  await stopJobs();
});

const ACTIONS: { pattern: string; file: string; method: string }[] = [];
for (const route of routeList(await routes)) {
  const { action } = await handlersOf(route.file);
  if (!action) continue;
  for (const method of ["POST", ...(JSON_METHODS[route.pattern] ?? [])]) ACTIONS.push({ ...route, method });
}

describe("malformed input", () => {
  it.each(ACTIONS)(
    "$method $pattern answers 4xx to every malformed body",
    async ({ pattern, file, method }) => {
      const { action, middleware } = await handlersOf(file);
      const as = POSTED_BY[`${method} ${pattern}`] ?? POSTED_BY[pattern] ?? "member";
      const userId = { visitor: null, unconfirmed, member, staff, asked }[as];
      const failures: string[] = [];
      for (const test of CASES) {
        const headers = new Headers({ "X-Client-Ip": "10.7.7.7" });
        if (test.contentType) headers.set("Content-Type", test.contentType);
        if (userId !== null) headers.set("Cookie", await sessionCookie(userId));
        const request = new Request(`${ORIGIN}${pathFor(pattern)}`, { method, headers, body: test.body() });
        const params =
          PARAMS[pattern]?.() ??
          Object.fromEntries(
            [...pattern.matchAll(/:(\w+)(\?)?/g)]
              .filter((m) => !m[2])
              .map((m) => [
                m[1]!,
                m[1] === "id" ? String(profileId) : m[1] === "design" ? "gallery" : `x${m[1]}`,
              ]),
          );
        const outcome = await runRoute(request, [...middleware, asServer(action!)], params);
        const label = `${test.name}: ${outcome.status} ${outcome.location ?? ""}`;
        const ignored = IGNORES_BODY[`${method} ${pattern}`];
        if (ignored !== undefined) {
          if (outcome.status !== ignored) failures.push(`${label} (expected ${ignored})`);
          continue;
        }
        if (!test.message && NOTHING_REQUIRED.has(pattern)) {
          if (outcome.status >= 500) failures.push(label);
          continue;
        }
        if (outcome.status < 400 || outcome.status >= 500) failures.push(label);
        if (test.message) {
          const t = translatorFor("nl");
          const expected =
            test.message === "any"
              ? [t("common:error.badRequest"), t("common:error.tooLarge")]
              : [t("common:error.tooLarge")];
          const body = outcome.body as { message?: string } | null;
          if (!expected.includes(body?.message ?? "")) {
            failures.push(`${label} without the message (${JSON.stringify(body)})`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  describe("a staff action on one member", () => {
    const t = translatorFor("nl");
    const send = async (action: string, form: Record<string, string>) => {
      const { action: handler, middleware } = await handlersOf("routes/staff.members.$id.$action.tsx");
      const request = new Request(`${ORIGIN}/staff/members/${targetUserId}/${action}`, {
        method: "POST",
        headers: { Cookie: await sessionCookie(staff), "X-Client-Ip": "10.7.7.8" },
        body: new URLSearchParams(form),
      });
      const outcome = await runRoute(request, [...middleware, asServer(handler!)], {
        id: String(targetUserId),
        action,
      });
      const errors = (outcome.body as { error?: Record<string, string[]> } | null)?.error ?? {};
      return { status: outcome.status, errors };
    };

    it("without a reason: 400 with the reason's message", async () => {
      const answer = await send("end-sessions", { reason: "   " });
      expect(answer.status).toBe(400);
      expect(answer.errors.reason).toEqual([t("staffMemberActions:validation.reasonRequired")]);
    });

    it("with a ban reason not on the list: 400 with the list's message, the note kept", async () => {
      const answer = await send("ban", { banReason: "rude", reason: "Scheldt iedereen uit" });
      expect(answer.status).toBe(400);
      expect(answer.errors.banReason).toEqual([t("staffMemberActions:validation.banReasonRequired")]);
      expect(answer.errors.reason).toBeUndefined();
    });

    it("with credits that are no whole number: 400 with the amount's message", async () => {
      for (const amount of ["tien", "1.5", "0", "100001", ""]) {
        const answer = await send("credits", { amount, reason: "Compensatie" });
        expect(answer.status, amount).toBe(400);
        expect(answer.errors.amount, amount).toEqual([
          t("staffMemberActions:validation.amountInvalid", { max: 100_000 }),
        ]);
      }
    });

    it("with an unknown action: 404", async () => {
      expect((await send("delete-everything", { reason: "Weg ermee" })).status).toBe(404);
    });
  });

  describe("a data archive download", () => {
    it("with an id that is no row id: 404, never an error", async () => {
      const { loader } = await import("~/routes/settings.data-export.$id");
      for (const id of ["abc", "-1", "0", "1.5", "99999999999", "1e3", "%00"]) {
        const request = new Request(`${ORIGIN}/settings/data-export/${encodeURIComponent(id)}`, {
          headers: { Cookie: await sessionCookie(member), "X-Client-Ip": "10.7.7.9" },
        });
        const outcome = await runRoute(request, loader as Handler, { id });
        expect(outcome.status, id).toBe(404);
      }
    });
  });

  describe("a JSON call's malformed query", () => {
    const t = translatorFor("nl");
    type Row = { query: string; status: number; error?: string };
    const NOT_FOUND = t("discounts:errors.notFound");
    const NO_PACKAGE = t("payments:checkout.errors.unknownPackage");
    const CALLS: { path: string; file: string; as: "visitor" | "member"; rows: Row[] }[] = [
      {
        path: "/api/settings.php",
        file: "routes/api.settings.ts",
        as: "visitor",
        rows: [
          ...["forced_domain=", "forced_domain=a%20b", "forced_domain=%FF%FE", "forced_domain=a/b"].map(
            (query) => ({
              query,
              status: 400,
              error: "invalid_forced_domain",
            }),
          ),
          { query: `forced_domain=${"x".repeat(5000)}`, status: 400, error: "invalid_forced_domain" },
          {
            query: "forced_domain=hartklop.nl&forced_domain=herzklopfen.de",
            status: 400,
            error: "invalid_forced_domain",
          },
          // Other parameters are the page's, passed along by clients: ignored.
          { query: "forced_domain[]=x&t=%FF&lb", status: 200 },
        ],
      },
      {
        path: "/api/discountcode.php",
        file: "routes/api.discountcode.ts",
        as: "member",
        rows: [
          { query: "", status: 400, error: NOT_FOUND },
          { query: "code=%20%20", status: 400, error: NOT_FOUND },
          { query: `code=${"x".repeat(5000)}`, status: 400, error: NOT_FOUND },
          { query: "welcome=false", status: 400, error: NOT_FOUND },
          ...["abc", "-1", "0", "1.5", "99999999999", "%00"].map((id) => ({
            query: `code=X&package=${id}`,
            status: 400,
            error: NO_PACKAGE,
          })),
          // Well-formed ids (1e3 is 1000) of no package of the member's.
          { query: "code=X&package=999999", status: 404, error: NO_PACKAGE },
          { query: "code=X&package=1e3", status: 404, error: NO_PACKAGE },
          {
            query: `code=X&method=${"m".repeat(100)}`,
            status: 400,
            error: t("payments:checkout.errors.methodUnavailable"),
          },
          // Looked up as typed: an unknown code, not found.
          { query: "code=%FF%FE", status: 200, error: NOT_FOUND },
        ],
      },
      {
        path: "/api/user.php",
        file: "routes/api.user.ts",
        as: "member",
        rows: [{ query: "push=1&x=%FF&x=1", status: 200 }],
      },
    ];

    it.each(CALLS)(
      "GET $path answers each with its status and a clear error",
      async ({ path, file, as, rows }) => {
        const module = await modules[`../../app/${file}`]!();
        const failures: string[] = [];
        for (const row of rows) {
          const headers = new Headers({ "X-Client-Ip": "10.7.7.10" });
          if (as === "member") headers.set("Cookie", await sessionCookie(member));
          const request = new Request(`${ORIGIN}${path}?${row.query}`, { headers });
          const outcome = await runRoute(request, async (args: never) => {
            const answer = await (module.loader as Handler)(args, undefined as never);
            // A Response (the settings call's) as data, so its body can be read.
            return answer instanceof Response ? data(await answer.json(), { status: answer.status }) : answer;
          });
          const error = (outcome.body as { error?: unknown } | null)?.error;
          if (outcome.status !== row.status || (row.error !== undefined && error !== row.error)) {
            failures.push(`${row.query.slice(0, 60)}: ${outcome.status} ${JSON.stringify(error)}`);
          }
        }
        expect(failures).toEqual([]);
      },
    );
  });

  it("stored nothing", async () => {
    expect(await stored()).toEqual(before);
  });
});

/** A form post whose body streams `chunks` chunks of `chunkKb` KB without a Content-Length. */
function streamedPost(path: string, chunkKb: number, chunks: number) {
  const chunk = new Uint8Array(chunkKb * 1024).fill(0x61);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      if (pulled > chunks) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("request bodies", () => {
  it("refuses a body past the limit while streaming it, without a Content-Length", async () => {
    const { request, pulled } = streamedPost("/complaints", 256, 64);
    const { action } = await handlersOf("routes/complaints.tsx");
    const outcome = await runRoute(request, asServer(action!));
    expect(outcome.status).toBe(413);
    // It stopped reading soon after the limit (1 MB), not at the end of the 16 MB.
    expect(pulled()).toBeLessThan(16);
  });

  it.each([
    { file: "routes/payments.webhook.ts", path: "/payments/webhook", status: 200 },
    { file: "routes/api.lander-bounce.ts", path: "/api/lander-bounce", status: 404 },
  ])("$path, open to anyone, stops reading a body far past its few bytes", async ({ file, path, status }) => {
    const { request, pulled } = streamedPost(path, 64, 256);
    const { action } = await handlersOf(file);
    const outcome = await runRoute(request, asServer(action!));
    expect(outcome.status).toBe(status);
    expect(pulled()).toBeLessThan(4);
  });

  it("logs a cross-site mutation refused by React Router as no error, a real one still", () => {
    const refused = new Error("The `request.url` origin does not match `origin` header");
    const crossSite = new Request(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    handleError(refused, { request: crossSite });
    expect(errorLog).not.toHaveBeenCalled();
    const sameSite = new Request(`${ORIGIN}/login`, { method: "POST", headers: { Origin: ORIGIN } });
    handleError(new Error("boom"), { request: sameSite });
    expect(errorLog).toHaveBeenCalledTimes(1);
    errorLog.mockClear();
  });

  it("logs in at /api/user.php with JSON as well as with a form", async () => {
    const { hashPassword } = await import("~/domain/accounts/password.server");
    const user = await createMember({ email: "json-login@example.com" });
    await db().user.update({
      where: { id: user.userId },
      data: { passwordHash: await hashPassword("geheim-wachtwoord-1") },
    });
    const { action } = await handlersOf("routes/api.user.ts");
    const json = await runRoute(
      new Request(`${ORIGIN}/api/user.php`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Client-Ip": "10.7.7.8" },
        body: JSON.stringify({ email: "json-login@example.com", password: "geheim-wachtwoord-1" }),
      }),
      asServer(action!),
    );
    // The answer carries the logged-in user.
    expect(json).toMatchObject({
      status: 200,
      body: { ok: true, user: { status: "confirmed", profile: { id: user.profileId } } },
    });
    const form = await runRoute(
      new Request(`${ORIGIN}/api/user.php`, {
        method: "POST",
        headers: { "X-Client-Ip": "10.7.7.8" },
        body: new URLSearchParams({ email: "json-login@example.com", password: "geheim-wachtwoord-1" }),
      }),
      asServer(action!),
    );
    expect(form).toMatchObject({ status: 200, body: { ok: true } });
    const wrong = await runRoute(
      new Request(`${ORIGIN}/api/user.php`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Client-Ip": "10.7.7.8" },
        body: JSON.stringify({ email: "json-login@example.com", password: "fout" }),
      }),
      asServer(action!),
    );
    expect(wrong.status).toBe(401);
  });
});
