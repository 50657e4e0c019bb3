// Every mutation a stranger can repeat has a limit per IP and/or per account, stored in PostgreSQL
// (domain/abuse/limits.ts, docs/decisions/0007-abuse-limits.md). Each test uses a limit up to its
// last allowed hit (earlier hits stored as the app stores them, under the limit's real key), then
// shows the one more: 429 with the translated message and the typed values kept (or the page's notice
// where the action answers with a redirect), and that another member or IP is not affected.
import { pruneLoginAttempts } from "~/domain/accounts/login.server";
import { composeIBAN } from "ibantools";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACTIVATION_MAILS_PER_IP,
  ACTIVATION_MAILS_PER_MEMBER,
  CHAT_PHOTO_UPLOADS_PER_MEMBER,
  COMPLAINTS_PER_ADDRESS,
  COMPLAINTS_PER_IP,
  COMPLAINTS_PER_MEMBER,
  DIRECT_DEBIT_CODES_PER_MEMBER,
  GEOCODES_PER_IP,
  LIKES_PER_MEMBER,
  LOGIN_FAILURES_PER_ACCOUNT_FACTOR,
  LOGIN_FAILURES_PER_IP_FACTOR,
  MESSAGES_PER_MEMBER,
  PAYMENTS_PER_MEMBER,
  PHOTO_UPLOADS_PER_MEMBER,
  REPORTS_PER_IP,
  RESET_REQUESTS_PER_IP,
  SIGNUP_ADDRESS_CHECKS_PER_IP,
  SIGNUPS_PER_IP,
  UNSUBSCRIBES_PER_IP,
  type AbuseLimit,
} from "~/domain/abuse/limits";
import { sendMessage } from "~/domain/chat/send-message.server";
import { packagesFor } from "~/domain/credits/packages.server";
import { signUnsubscribeToken } from "~/domain/notifications/unsubscribe-token.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { stopJobs } from "~/lib/jobs.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { translatorFor } from "~/lib/translator.server";
import { loader as geocodeLoader } from "~/routes/api.geocode";
import { action as reportAction } from "~/routes/chats.$id.report";
import { action as chatPhotoAction } from "~/routes/chats.photo";
import { action as complaintsAction } from "~/routes/complaints";
import { action as completeSignupAction } from "~/routes/complete-signup";
import { action as checkoutAction } from "~/routes/credits.$id";
import { action as directDebitAction } from "~/routes/directdebit";
import { action as loginAction } from "~/routes/login";
import { action as memberChatAction } from "~/routes/members.$id.chat";
import { action as likeAction } from "~/routes/members.$id.like";
import { action as photosAction } from "~/routes/profile.photos";
import { action as resetAction } from "~/routes/reset-password";
import { action as signupAction } from "~/routes/signup";
import { action as swipeAction } from "~/routes/swipe-game";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe.$token";
import { UPLOAD_XHR_HEADER } from "~/ui/photos/paths";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createApp } from "../../server/app";
import { createLogger } from "~/lib/logger.server";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { buyer } from "../fixtures/purchases";
import { runRoute, sessionCookie, siteRequest, nextIp, post } from "../fixtures/run-route";

const nl = translatorFor("nl");
const PASSWORD = "Goed-wachtwoord-1";
type Handler = (args: never, next: never) => unknown;
type Body = Record<string, unknown>;

let site: Site;

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

/** Stores `count` earlier hits of `subject` (default: all but the last allowed one), `ageMs` ago. */
async function usedUp(rule: AbuseLimit, subject: string | number, count = rule.limit - 1, ageMs = 0) {
  const createdAt = new Date(Date.now() - ageMs);
  await db().rateLimitHit.createMany({
    data: Array.from({ length: count }, () => ({ key: `${rule.key}:${subject}`, createdAt })),
  });
}

/** A multipart POST (an upload) as the member. */
async function postFile(
  path: string,
  who: Member,
  fields: Record<string, string>,
  handler: Handler,
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("photo", new File([new Uint8Array(await jpeg())], "foto.jpg", { type: "image/jpeg" }));
  const all = new Headers({
    [CLIENT_IP_HEADER]: nextIp(),
    Cookie: await sessionCookie(who.userId),
    ...headers,
  });
  return runRoute<Body>(new Request(`${ORIGIN}${path}`, { method: "POST", headers: all, body }), handler);
}

let photoBytes: Buffer | null = null;
async function jpeg() {
  photoBytes ??= await sharp({
    create: { width: 400, height: 500, channels: 3, background: { r: 200, g: 80, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  return photoBytes;
}

/** The form-level messages of a conform reply. */
const formErrors = (reply: unknown) => (reply as { error?: Record<string, string[]> }).error?.[""];
const typed = (reply: unknown) => (reply as { initialValue?: Record<string, unknown> }).initialValue;

describe("hitRateLimit", () => {
  it("lets exactly the limit through, also when the hits come in parallel", async () => {
    const key = `test:parallel:${nextIp()}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(key, { limit: 5, windowMs: 60_000 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    // A refused hit stores nothing.
    expect(await db().rateLimitHit.count({ where: { key } })).toBe(5);
  });

  it("waits while another hit holds the key's lock, and then counts that hit", async () => {
    const key = `test:locked:${nextIp()}`;
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
      await other.query(
        `INSERT INTO "RateLimitHit" (key, "createdAt") VALUES ($1, now() AT TIME ZONE 'UTC')`,
        [key],
      );
      const hit = hitRateLimit(key, { limit: 1, windowMs: 60_000 });
      const waiting = new Promise((resolve) => setTimeout(() => resolve("waiting"), 300));
      expect(await Promise.race([hit.then(() => "answered"), waiting])).toBe("waiting");
      await other.query("COMMIT");
      expect(await hit).toEqual({ allowed: false });
    } finally {
      await other.end();
    }
  });

  it("forgets hits older than the window and checks several windows of one key together", async () => {
    const key = `test:windows:${nextIp()}`;
    const windows = [
      { limit: 2, windowMs: 60_000 },
      { limit: 3, windowMs: 3_600_000 },
    ];
    await db().rateLimitHit.createMany({
      data: [
        { key, createdAt: new Date(Date.now() - 7_200_000) },
        { key, createdAt: new Date(Date.now() - 600_000) },
      ],
    });
    expect(await hitRateLimit(key, windows)).toEqual({ allowed: true });
    expect(await hitRateLimit(key, windows)).toEqual({ allowed: true });
    // The minute allows one more, the hour does not (the two-hour-old hit no longer counts).
    expect(await hitRateLimit(key, windows)).toEqual({ allowed: false });
    expect(await hitRateLimit(key, { limit: 4, windowMs: 3_600_000 })).toEqual({ allowed: true });
  });
});

describe("login", () => {
  const login = (email: string, password: string, ip: string) =>
    post("/login", null, { email, password, redirectTo: "/" }, loginAction, { ip });

  it("blocks the address that failed after the site's wrong passwords: 429 with the lock's text, the e-mail kept", async () => {
    const [anna, bram] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    const ip = nextIp();
    for (let i = 1; i < site.loginMaxAttempts; i++) {
      const wrong = await login(anna.email, "fout", ip);
      expect(wrong.status).toBe(400);
      expect(formErrors(wrong.body)).toEqual([nl("accounts:login.failed")]);
    }
    const locked = await login(anna.email, "fout", ip);
    expect(locked.status).toBe(429);
    const text = `Te veel foute pogingen, account voor ${site.loginBlockMinutes} min geblokkeerd.`;
    expect(formErrors(locked.body)).toEqual([text]);
    expect(typed(locked.body)).toMatchObject({ email: anna.email });
    expect(typed(locked.body)).not.toHaveProperty("password");
    // Even the right password waits now from that address; from another address it logs in, and
    // another account is not affected.
    expect((await login(anna.email, PASSWORD, ip)).status).toBe(429);
    expect((await login(anna.email, PASSWORD, nextIp())).status).toBe(302);
    expect((await login(bram.email, PASSWORD, ip)).status).toBe(302);
  });

  it("counts an address's failures also on accounts that blocked it or logged in since (password spraying)", async () => {
    const ip = nextIp();
    const [blocked, loggedIn] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    for (let i = 0; i < site.loginMaxAttempts; i++) await login(blocked.email, "gok", ip);
    for (let i = 0; i < site.loginMaxAttempts - 1; i++) await login(loggedIn.email, "gok", ip);
    expect((await login(loggedIn.email, PASSWORD, ip)).status).toBe(302);
    const failuresPerIp = site.loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR;
    const done = 2 * site.loginMaxAttempts - 1;
    await db().loginAttempt.createMany({
      data: Array.from({ length: failuresPerIp - done - 1 }, () => ({ userId: null, ip })),
    });
    // The address has failed its ceiling - 1 times: one more failure, and it waits.
    expect((await login(`onbekend-${ip}@example.com`, "gok", ip)).status).toBe(400);
    expect((await login((await createMember({ password: PASSWORD })).email, PASSWORD, ip)).status).toBe(429);
  });

  it("forgets failed attempts after a day (daily maintenance)", async () => {
    const ip = nextIp();
    const now = new Date();
    await db().loginAttempt.createMany({
      data: [
        { ip, createdAt: new Date(now.getTime() - 25 * 3600_000) },
        { ip, createdAt: new Date(now.getTime() - 23 * 3600_000) },
      ],
    });
    await pruneLoginAttempts(now);
    expect(await db().loginAttempt.count({ where: { ip } })).toBe(1);
  });

  it("stops an address that failed on many accounts, saying so, not that an account is blocked", async () => {
    const anna = await createMember({ password: PASSWORD });
    const ip = nextIp();
    const failuresPerIp = site.loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR;
    await db().loginAttempt.createMany({
      data: Array.from({ length: failuresPerIp - 1 }, () => ({ userId: null, ip })),
    });
    expect((await login(`onbekend-${ip}@example.com`, "gok", ip)).status).toBe(400);
    const waits = await login(anna.email, PASSWORD, ip);
    expect(waits.status).toBe(429);
    const text = `Te veel inlogpogingen vanaf jouw netwerk. Probeer het over ${site.loginBlockMinutes} min opnieuw.`;
    expect(formErrors(waits.body)).toEqual([text]);
    expect(typed(waits.body)).toMatchObject({ email: anna.email });
    expect((await login(anna.email, PASSWORD, nextIp())).status).toBe(302);
  });

  it("stops an account tried from many addresses, saying so and pointing to a new password", async () => {
    const anna = await createMember({ password: PASSWORD });
    const ceiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_ACCOUNT_FACTOR;
    await db().loginAttempt.createMany({
      data: Array.from({ length: ceiling - 1 }, () => ({ userId: anna.userId, ip: nextIp() })),
    });
    expect((await login(anna.email, "gok", nextIp())).status).toBe(429);
    const waits = await login(anna.email, PASSWORD, nextIp());
    expect(waits.status).toBe(429);
    expect(formErrors(waits.body)).toEqual([
      nl("accounts:login.accountLocked", { minutes: site.loginBlockMinutes }),
    ]);
    expect(formErrors(waits.body)![0]).toContain("Wachtwoord vergeten?");
  });
});

describe("signup", () => {
  let counter = 0;
  const form = (email: string) => ({
    email,
    name: "Sanne88",
    password: "Zomer-2026!",
    date_of_birth: "1990-05-05",
    gender: "female",
    seeking_gender: "male",
    place: "Utrecht",
    accept_terms: "on",
  });
  const email = () => `abuse-signup-${process.pid}-${++counter}@example.com`;

  it("creates a few accounts per IP an hour: 429 with the message and the values kept", async () => {
    const ip = nextIp();
    await usedUp(SIGNUPS_PER_IP, ip);
    expect((await post("/signup", null, form(email()), signupAction, { ip })).status).toBe(302);
    const address = email();
    const refused = await post("/signup", null, form(address), signupAction, { ip });
    expect(refused.status).toBe(429);
    const result = refused.body!.result;
    expect(formErrors(result)).toEqual([nl("signup:errors.rateLimited")]);
    expect(typed(result)).toMatchObject({ email: address, name: "Sanne88" });
    expect(typed(result)).not.toHaveProperty("password");
    expect(await db().user.count({ where: { email: address } })).toBe(0);
    expect((await post("/signup", null, form(address), signupAction)).status).toBe(302);
  });

  it("looks up a limited number of addresses per IP an hour: signup cannot list who is a member", async () => {
    const known = await createMember({ password: PASSWORD });
    const ip = nextIp();
    await usedUp(SIGNUP_ADDRESS_CHECKS_PER_IP, ip);
    expect((await post("/signup", null, form(known.email), signupAction, { ip })).status).toBe(400);
    const refused = await post("/signup", null, form(known.email), signupAction, { ip });
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body!.result)).toEqual([nl("signup:errors.rateLimited")]);
    expect((await post("/signup", null, form(known.email), signupAction)).status).toBe(400);
  });
  it("counts an IPv6 address by its /64: another address of the same network shares the limit", async () => {
    await usedUp(SIGNUPS_PER_IP, "2001:db8:5:6::/64");
    const signUp = (ip: string) => post("/signup", null, form(email()), signupAction, { ip });
    expect((await signUp("2001:db8:5:6::99")).status).toBe(302);
    expect((await signUp("2001:db8:5:6:a:b:c:d")).status).toBe(429);
    expect((await signUp("2001:db8:5:7::1")).status).toBe(302);
  });
});

describe("password reset", () => {
  const reset = (email: string, ip = nextIp()) =>
    post("/reset-password", null, { email }, resetAction, { ip });
  const RESET_LIMIT_TEXT = "Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.";

  it("limits requests per IP: 429 with the limit's text and the address kept", async () => {
    const [anna, bram] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    const ip = nextIp();
    await usedUp(RESET_REQUESTS_PER_IP, ip);
    expect((await reset(anna.email, ip)).status).toBe(302);
    const refused = await reset(bram.email, ip);
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body)).toEqual([RESET_LIMIT_TEXT]);
    expect(typed(refused.body)).toMatchObject({ email: bram.email });
    expect((await reset(bram.email)).status).toBe(302);
  });

  it("limits mails per address per day, whatever the IP", async () => {
    const [anna, bram] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    for (let i = 0; i < site.resetMailsPerDay; i++) expect((await reset(anna.email)).status).toBe(302);
    const refused = await reset(anna.email);
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body)).toEqual([RESET_LIMIT_TEXT]);
    expect(typed(refused.body)).toMatchObject({ email: anna.email });
    expect((await reset(bram.email)).status).toBe(302);
  });
});

describe("activation mail again", () => {
  const resend = (who: Member, ip = nextIp()) =>
    post("/complete-signup", who, { intent: "resend" }, completeSignupAction, { ip });
  const unconfirmed = () => createMember({ password: PASSWORD, userStatus: "not_confirmed" });

  it("limits a member's mails: 429 with the message; a corrected address is kept", async () => {
    const [anna, bram] = [await unconfirmed(), await unconfirmed()];
    await usedUp(ACTIVATION_MAILS_PER_MEMBER, anna.userId);
    expect(await resend(anna)).toMatchObject({ status: 302, location: "/complete-signup?done=resent" });
    const refused = await resend(anna);
    expect(refused).toMatchObject({
      status: 429,
      body: { intent: "resend", error: nl("signup:complete.tooManyMails") },
    });
    const fixed = `goed-${anna.userId}@example.com`;
    const change = await post(
      "/complete-signup",
      anna,
      { intent: "change_email", new_email: fixed, password: PASSWORD },
      completeSignupAction,
    );
    expect(change.status).toBe(429);
    const result = change.body!.result as { error: Record<string, string[]> };
    expect(result.error.new_email).toEqual([nl("signup:complete.tooManyMails")]);
    expect(typed(result)).toMatchObject({ new_email: fixed });
    expect((await resend(bram)).status).toBe(302);
  });

  it("limits the mails of all accounts of one IP", async () => {
    const [anna, bram] = [await unconfirmed(), await unconfirmed()];
    const ip = nextIp();
    await usedUp(ACTIVATION_MAILS_PER_IP, ip);
    expect((await resend(anna, ip)).status).toBe(302);
    expect(await resend(bram, ip)).toMatchObject({
      status: 429,
      body: { error: nl("signup:complete.tooManyMails") },
    });
    expect((await resend(bram)).status).toBe(302);
  });
});

describe("complaints", () => {
  const complaint = (email: string) => ({
    name: "Jan Jansen",
    email,
    member: "12345",
    message: "",
    category: "fake_profile",
    description: "Dit profiel gebruikt foto's van iemand anders.",
  });
  const address = () => `melder-${nextIp()}@example.com`;
  const send = (who: Member | null, email: string, ip = nextIp()) =>
    post("/complaints", who, complaint(email), complaintsAction, { ip });

  it("limits complaints per IP: 429 with the message and the complaint kept", async () => {
    const ip = nextIp();
    await usedUp(COMPLAINTS_PER_IP, ip);
    expect(await send(null, address(), ip)).toMatchObject({ status: 302, location: "/complaints?sent=1" });
    const email = address();
    const refused = await send(null, email, ip);
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body)).toEqual([nl("complaints:validation.rateLimited")]);
    expect(typed(refused.body)).toMatchObject({ email, description: complaint(email).description });
    expect(await db().complaint.count({ where: { email } })).toBe(0);
    expect((await send(null, email)).status).toBe(302);
  });

  it("limits complaints per address (each one mails it), whatever the IP", async () => {
    const email = address();
    await usedUp(COMPLAINTS_PER_ADDRESS, email);
    expect((await send(null, email.toUpperCase())).status).toBe(302);
    const refused = await send(null, email);
    expect(refused.status).toBe(429);
    expect(formErrors(refused.body)).toEqual([nl("complaints:validation.rateLimited")]);
    expect((await send(null, address())).status).toBe(302);
  });

  it("limits complaints per member, from any IP or address", async () => {
    const [anna, bram] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    await usedUp(COMPLAINTS_PER_MEMBER, anna.userId);
    expect((await send(anna, address())).status).toBe(302);
    expect((await send(anna, address())).status).toBe(429);
    expect((await send(bram, address())).status).toBe(302);
  });

  it("limits reported chat messages per member and per IP (the chat page says so)", async () => {
    const [anna, bram, carl] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD, credits: 100 }),
      await createMember({ password: PASSWORD }),
    ];
    const sent = await sendMessage({
      senderId: bram.userId,
      site,
      to: { profileId: anna.profileId },
      content: { kind: "text", body: "Koop hier goedkope volgers" },
    });
    if (!sent.ok) throw new Error(sent.error);
    const messages = [];
    for (const body of ["Nog een", "En nog een"]) {
      const again = await sendMessage({
        senderId: bram.userId,
        site,
        to: { conversationId: sent.conversationId },
        content: { kind: "text", body },
      });
      if (!again.ok) throw new Error(again.error);
      messages.push(again.messageId);
    }
    const report = (messageId: number, ip = nextIp()) =>
      post(
        `/chats/${sent.conversationId}/report`,
        anna,
        { messageId: String(messageId), category: "spam" },
        reportAction,
        { ip, params: { id: String(sent.conversationId) } },
      );
    await usedUp(COMPLAINTS_PER_MEMBER, anna.userId);
    expect((await report(sent.messageId)).location).toBe(`/chats/${sent.conversationId}?reported=1`);
    expect((await report(messages[0]!)).location).toBe(`/chats/${sent.conversationId}?reported=rateLimited`);
    expect(nl("chat-extras:report.rateLimited")).toContain("over een uur");
    // Per IP: one person reporting through many accounts.
    const ip = nextIp();
    await usedUp(REPORTS_PER_IP, ip, REPORTS_PER_IP.limit);
    const other = await sendMessage({
      senderId: bram.userId,
      site,
      to: { profileId: carl.profileId },
      content: { kind: "text", body: "Hoi Carl" },
    });
    if (!other.ok) throw new Error(other.error);
    const byIp = await post(
      `/chats/${other.conversationId}/report`,
      carl,
      { messageId: String(other.messageId), category: "spam" },
      reportAction,
      { ip, params: { id: String(other.conversationId) } },
    );
    expect(byIp.location).toBe(`/chats/${other.conversationId}?reported=rateLimited`);
    expect(await db().complaint.count({ where: { messageRef: String(other.messageId) } })).toBe(0);
  });
});

describe("likes", () => {
  const like = (from: Member, to: Member, form: Record<string, string> = { intent: "like" }) =>
    post(`/members/${to.profileId}/like`, from, form, likeAction, { params: { id: String(to.profileId) } });
  const men = () =>
    Promise.all([
      createMember({ password: PASSWORD, gender: "male" }),
      createMember({ password: PASSWORD, gender: "male" }),
    ]);

  it("limits a member's likes per hour: 429 JSON for the script, the notice for a plain form", async () => {
    const [anna, dora] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    const [bram, carl] = await men();
    await usedUp(LIKES_PER_MEMBER, anna.userId);
    expect(await like(anna, bram)).toMatchObject({ status: 200, body: { ok: true, liked: true } });
    const refused = await like(anna, carl);
    expect(refused).toEqual({
      status: 429,
      location: null,
      body: { ok: false, error: "rateLimited" },
    });
    const plain = await like(anna, carl, { intent: "like", redirectTo: "/members?page=2" });
    expect(plain.location).toBe("/members?page=2&like=rateLimited");
    expect(await db().like.count({ where: { likerId: anna.userId, likedId: carl.userId } })).toBe(0);
    expect(nl("likes:refused.rateLimited")).toBe(
      "Je hebt het afgelopen uur heel veel likes gegeven. Probeer het later opnieuw.",
    );
    expect((await like(dora, carl)).status).toBe(200);
  });

  it("counts the swipe game's likes too: 429 for the page's script, the notice for a plain form", async () => {
    const anna = await createMember({ password: PASSWORD });
    const [bram, carl] = await men();
    const swipe = (target: Member, via?: string) =>
      post(
        "/swipe-game",
        anna,
        { intent: "like", profileId: String(target.profileId), ...(via ? { via } : {}) },
        swipeAction,
      );
    await usedUp(LIKES_PER_MEMBER, anna.userId);
    expect(await swipe(bram, "fetcher")).toMatchObject({ status: 200, body: { notice: null } });
    expect(await swipe(carl, "fetcher")).toMatchObject({ status: 429, body: { notice: "rateLimited" } });
    expect((await swipe(carl)).location).toBe("/swipe-game?notice=rateLimited");
    expect(await db().swipeDecision.count({ where: { userId: anna.userId } })).toBe(1);
    expect(nl("swipe:notice.rateLimited")).toBe(nl("likes:refused.rateLimited"));
  });
});

describe("messages and new conversations", () => {
  const [MESSAGES_PER_MEMBER_PER_MINUTE, MESSAGES_PER_MEMBER_PER_HOUR] = MESSAGES_PER_MEMBER;
  const write = (from: Member, to: Member, body: string, js = false) =>
    post(
      `/members/${to.profileId}/chat`,
      from,
      { intent: "send", body, ...(js ? { js: "1" } : {}) },
      memberChatAction,
      { params: { id: String(to.profileId) } },
    );
  const sentBy = (who: Member) => db().message.count({ where: { senderId: who.userId } });

  it("limits a member's messages per minute: 429 with the message, the text kept", async () => {
    const [anna, bram, carl] = [
      await createMember({ password: PASSWORD, credits: 100 }),
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD, credits: 100 }),
    ];
    await usedUp(MESSAGES_PER_MEMBER_PER_MINUTE, anna.userId);
    expect((await write(anna, bram, "Hoi Bram")).status).toBe(302);
    const refused = await write(anna, bram, "Hoe gaat het?");
    expect(refused).toMatchObject({
      status: 429,
      body: { intent: "send", ok: false, error: "rateLimited", text: "Hoe gaat het?" },
    });
    expect((await write(anna, bram, "Nog eens", true)).status).toBe(429);
    expect(await sentBy(anna)).toBe(1);
    expect(nl("chat:refused.rateLimited")).toContain("te veel berichten");
    expect((await write(carl, bram, "Hallo")).status).toBe(302);
  });

  it("limits a member's messages per hour", async () => {
    const [anna, bram] = [
      await createMember({ password: PASSWORD, credits: 100 }),
      await createMember({ password: PASSWORD }),
    ];
    await usedUp(
      MESSAGES_PER_MEMBER_PER_HOUR,
      anna.userId,
      MESSAGES_PER_MEMBER_PER_HOUR.limit - 1,
      10 * 60_000,
    );
    expect((await write(anna, bram, "Een")).status).toBe(302);
    expect(await write(anna, bram, "Twee")).toMatchObject({ status: 429, body: { text: "Twee" } });
  });

  it("limits new conversations per hour (the site's numbers): 429 with the message, the text kept", async () => {
    // A new account: the site's stricter numbers for accounts younger than a day.
    const anna = await createMember({ password: PASSWORD, paidUser: true, credits: 100 });
    const others = await Promise.all(
      Array.from({ length: site.newAccountConversationsPerHour + 1 }, () =>
        createMember({ password: PASSWORD }),
      ),
    );
    for (const other of others.slice(0, -1)) expect((await write(anna, other, "Hoi!")).status).toBe(302);
    const refused = await write(anna, others.at(-1)!, "Hoi jij!");
    expect(refused).toMatchObject({
      status: 429,
      body: { error: "tooManyConversations", text: "Hoi jij!" },
    });
    expect(nl("chat:refused.tooManyConversations")).toContain("te veel nieuwe gesprekken");
    // Writing on in a conversation already started is not a new one.
    expect((await write(anna, others[0]!, "Nog iets")).status).toBe(302);
  });
});

describe("uploads", () => {
  it("limits profile photo uploads per member: 429 with the message (the script gets it in the address)", async () => {
    const [anna, bram] = [
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    await usedUp(PHOTO_UPLOADS_PER_MEMBER, anna.profileId);
    const upload = (who: Member, headers?: Record<string, string>) =>
      postFile("/profile/photos", who, { visibility: "public" }, photosAction, headers);
    expect((await upload(anna)).location).toBe("/profile/photos?notice=uploaded");
    const refused = await upload(anna);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ uploadError: { error: "rateLimited" } });
    expect((await upload(anna, { [UPLOAD_XHR_HEADER]: "xhr" })).location).toBe(
      "/profile/photos?uploadError=rateLimited",
    );
    expect(await db().photo.count({ where: { profileId: anna.profileId } })).toBe(1);
    expect(nl("photos:upload.errors.rateLimited")).toContain("te veel foto's");
    expect((await upload(bram)).location).toBe("/profile/photos?notice=uploaded");
  });

  it("limits chat photo uploads per member (the chat page says so)", async () => {
    const [anna, bram, carl] = [
      await createMember({ password: PASSWORD, credits: 100 }),
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD, credits: 100 }),
    ];
    await usedUp(CHAT_PHOTO_UPLOADS_PER_MEMBER, anna.userId);
    const send = (who: Member) =>
      postFile("/chats/photo", who, { profileId: String(bram.profileId) }, chatPhotoAction);
    expect((await send(anna)).location).toMatch(/^\/chats\/\d+$/);
    expect((await send(anna)).location).toBe(`/members/${bram.profileId}/chat?photoError=rateLimited`);
    expect(await db().chatPhoto.count({ where: { ownerId: anna.userId } })).toBe(1);
    expect(nl("chat-extras:photoErrors.rateLimited")).toContain("te veel foto's");
    expect((await send(carl)).location).toMatch(/^\/chats\/\d+$/);
  });
});

describe("payments", () => {
  it("limits payments started per member: 429 with the message, the chosen method kept", async () => {
    const [anna, bram] = [await buyer(), await buyer()];
    const creditPackage = (await packagesFor(site.id, "EUR"))[0]!;
    const pay = (who: Member) =>
      post(`/credits/${creditPackage.id}`, who, { method: "ideal", issuer: "" }, checkoutAction, {
        params: { id: String(creditPackage.id) },
      });
    await usedUp(PAYMENTS_PER_MEMBER, anna.userId);
    expect((await pay(anna)).location).toMatch(/\/dev\/mollie\/checkout\/tr_\w+$/);
    const refused = await pay(anna);
    expect(refused).toMatchObject({ status: 429, body: { error: "rateLimited", method: "ideal" } });
    expect(await db().payment.count({ where: { userId: anna.userId } })).toBe(1);
    expect(nl("payments:checkout.errors.rateLimited")).toContain("te veel betalingen");
    expect((await pay(bram)).status).toBe(302);
  });

  it("limits direct-debit SMS codes per member: 429 with the message, the details kept", async () => {
    const [anna, bram] = [await buyer(), await buyer()];
    const creditPackage = (await packagesFor(site.id, "EUR"))[0]!;
    let accounts = 0;
    const details = () => ({
      intent: "details",
      package: String(creditPackage.id),
      account_holder: "A. de Vries",
      iban: composeIBAN({
        countryCode: "NL",
        bban: `INGB${String(process.pid * 1000 + 500 + ++accounts)
          .padStart(10, "0")
          .slice(-10)}`,
      })!,
      street: "Dorpsstraat",
      house_number: "12a",
      zip: "3811 AB",
      city: "Amersfoort",
      phone: "06 12345678",
      consent: "on",
    });
    await usedUp(DIRECT_DEBIT_CODES_PER_MEMBER, anna.userId);
    const first = await post("/directdebit", anna, details(), directDebitAction);
    expect(first.location).toMatch(/^\/directdebit\?request=\d+$/);
    const form = details();
    const refused = await post("/directdebit", anna, form, directDebitAction);
    expect(refused.status).toBe(429);
    const result = refused.body!.result;
    expect(formErrors(result)).toEqual([nl("directDebit:errors.rateLimited")]);
    expect(typed(result)).toMatchObject({ iban: form.iban, account_holder: "A. de Vries" });
    expect((await post("/directdebit", bram, details(), directDebitAction)).status).toBe(302);
  });
});

describe("geocoding and unsubscribing", () => {
  const get = (path: string, ip: string, handler: Handler, params = {}) =>
    siteRequest(path, null, { headers: { [CLIENT_IP_HEADER]: ip } }).then((r) =>
      runRoute<Body>(r, handler, params),
    );

  it("limits reverse geocoding per IP: 429", async () => {
    const ip = nextIp();
    await usedUp(GEOCODES_PER_IP, ip);
    const path = "/api/geocode.php?lat=52.15&lon=5.38";
    expect((await get(path, ip, geocodeLoader)).status).toBe(200);
    expect(await get(path, ip, geocodeLoader)).toMatchObject({ status: 429, body: false });
    expect((await get(path, nextIp(), geocodeLoader)).status).toBe(200);
  });

  it("never limits genuine unsubscribe links (mail providers post many from one server); gone accounts': 429", async () => {
    const ip = nextIp();
    await usedUp(UNSUBSCRIBES_PER_IP, ip);
    const anna = await createMember({ password: PASSWORD });
    const open = (link: string) => get(`/unsubscribe/${link}`, ip, unsubscribeLoader, { token: link });
    const postLink = (link: string) =>
      post(`/unsubscribe/${link}`, null, { "List-Unsubscribe": "One-Click" }, unsubscribeAction, {
        ip,
        params: { token: link },
      });
    // Forged links are refused by their signature and cost nothing.
    const forged = `${anna.userId}.like.${"x".repeat(32)}`;
    expect(await open(forged)).toMatchObject({ status: 400, body: { key: null, rateLimited: false } });
    expect((await postLink(forged)).status).toBe(400);
    // Genuine links of an erased account reach the database: counted.
    const gone = await createMember({ password: PASSWORD });
    await db().user.update({
      where: { id: gone.userId },
      data: { erasedAt: new Date() },
      select: { id: true },
    });
    const goneLink = signUnsubscribeToken({ userId: gone.userId, key: "like" });
    expect(await postLink(goneLink)).toMatchObject({ status: 400, body: { rateLimited: false } });
    expect(await postLink(goneLink)).toMatchObject({
      status: 429,
      body: { key: null, rateLimited: true, title: nl("mailings:unsubscribe.rateLimitedTitle") },
    });
    expect(nl("mailings:unsubscribe.rateLimited")).toContain("ongeldige afmeldlinks");

    // From the same address, past the limit: every genuine link still works, and counts nothing.
    const token = signUnsubscribeToken({ userId: anna.userId, key: "like" });
    expect(await open(token)).toMatchObject({ status: 200, body: { key: "like", confirm: true } });
    const members = [
      anna,
      await createMember({ password: PASSWORD }),
      await createMember({ password: PASSWORD }),
    ];
    for (const m of members) {
      const oneClick = await postLink(signUnsubscribeToken({ userId: m.userId, key: "news" }));
      expect(oneClick).toMatchObject({ status: 200, body: { key: "news", rateLimited: false } });
    }
    const off = await db().user.findMany({
      where: { id: { in: members.map((m) => m.userId) } },
      select: { emailNotificationsOff: true },
    });
    expect(off.map((u) => u.emailNotificationsOff)).toEqual([["news"], ["news"], ["news"]]);
    expect(await db().rateLimitHit.count({ where: { key: `${UNSUBSCRIBES_PER_IP.key}:${ip}` } })).toBe(
      UNSUBSCRIBES_PER_IP.limit,
    );
  });
});

describe("TRUST_PROXY", () => {
  it("refuses true at start, naming the variable", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true is refused/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });

  it("takes a hop count or a list of proxy networks; the visitor's address is then read past those only", async () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "fd00::/8",
    ]);
    /** The address the app gets for a request (through the server's own header) arriving from 127.0.0.1. */
    const seen = async (trustProxy: string, forwardedFor: string) => {
      const app = createApp({
        build: () => Promise.reject(new Error("no app build in this test")),
        buildDir: "build",
        standIns: true,
        databaseUrl: process.env.DATABASE_URL!,
        logger: createLogger("silent"),
        trustProxy: parseEnv({ TRUST_PROXY: trustProxy }).TRUST_PROXY,
        viteMiddleware: (req, res) => void res.json({ ip: req.headers[CLIENT_IP_HEADER.toLowerCase()] }),
      });
      const server = await new Promise<Server>((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      });
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
        const response = await fetch(url, {
          headers: { "X-Forwarded-For": forwardedFor, [CLIENT_IP_HEADER]: "192.0.2.66" },
        });
        return ((await response.json()) as { ip: string }).ip;
      } finally {
        server.close();
      }
    };
    // The client wrote the left-most entry itself; the proxy appended the address it saw.
    const forwarded = "6.6.6.6, 198.51.100.7";
    expect(await seen("1", forwarded)).toBe("198.51.100.7");
    expect(await seen("127.0.0.1", forwarded)).toBe("198.51.100.7");
    expect(await seen("loopback,198.51.100.0/24", forwarded)).toBe("6.6.6.6");
    // Not from a trusted proxy: the connection's own address.
    expect(await seen("10.0.0.0/8", forwarded)).toBe("127.0.0.1");
    expect(await seen("false", forwarded)).toBe("127.0.0.1");
  });
});
