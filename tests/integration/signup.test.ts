import { createHash } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { suggestEmail } from "~/domain/accounts/email-suggestion";
import { verifyPassword } from "~/domain/accounts/password.server";
import { getSession } from "~/middleware/session.server";
import { findSignupMatches } from "~/domain/accounts/signup-matches.server";
import { signupSchema, type SignupValues } from "~/domain/accounts/signup-schema";
import {
  activateAccount,
  changeUnconfirmedEmail,
  resendActivation,
  signUp,
} from "~/domain/accounts/signup.server";
import { signupsOpen } from "~/domain/sites/visitor-access.server";
import { confirmAddress } from "~/domain/accounts/confirm-address.server";
import { changeCredits } from "~/domain/credits/credits.server";
import { block } from "~/domain/profiles/blocks.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { readTracking } from "~/middleware/tracking.server";
import { hasTrafficSource } from "~/domain/core/tracking";
import { rootMiddleware } from "~/middleware/root.server";
import { translatorFor } from "~/lib/translator.server";
import { SIGNUPS_PER_IP } from "~/domain/abuse/limits";
import * as activateRoute from "~/routes/activate";
import * as activateDoneRoute from "~/routes/activate.done";
import * as completeSignupRoute from "~/routes/complete-signup";
import * as signupRoute from "~/routes/signup";
import { seedBaseData } from "../../prisma/seed/base-data";
import { errorsOf } from "../fixtures/form-errors";
import { forgetCachedReads } from "../fixtures/caches";
import { trackingCookie } from "../fixtures/run-route";

const nl = translatorFor("nl");
const de = translatorFor("de");
const TODAY = new Date(Date.UTC(2026, 5, 15));
const ORIGIN = "http://hartklop.nl";
const PASSWORD = "Zomer-2026!";

let site: Site;
let ipCounter = 0;
/** A fresh IP per signup, so the per-IP limit only bites where a test wants it to. */
const nextIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function form(values: Record<string, string | undefined>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) formData.append(key, value);
  return formData;
}

const valid = (overrides: Record<string, string | undefined> = {}) => ({
  email: "sanne@example.com",
  name: "Sanne88",
  password: PASSWORD,
  date_of_birth: "1990-05-05",
  gender: "female",
  seeking_gender: "male",
  // The place step's field: the route looks it up; the schema of the other steps ignores it.
  place: "Utrecht",
  accept_terms: "on",
  ...overrides,
});

function check(
  values: Record<string, string | undefined>,
  {
    t = nl,
    minAge = 18,
    usesSignupMessage = false,
  }: { t?: TFunction; minAge?: number; usesSignupMessage?: boolean } = {},
) {
  return parseWithZod(form(values), { schema: signupSchema(t, { minAge, usesSignupMessage }, TODAY) });
}

/** The field errors of the signup form with these values ({} when it parses). */
const signupErrors = (values: Record<string, string | undefined>, options?: Parameters<typeof check>[1]) =>
  errorsOf(check(values, options));

function parsed(values: Record<string, string | undefined> = {}): SignupValues {
  const submission = parseWithZod(form(valid(values)), {
    schema: signupSchema(nl, { minAge: 18, usesSignupMessage: true }),
  });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

let emailCounter = 0;
const uniqueEmail = (prefix = "lid") => `${prefix}${++emailCounter}@example.com`;

function newAccount(
  values: Record<string, string | undefined> = {},
  extra: Partial<Parameters<typeof signUp>[0]> = {},
) {
  const email = values.email ?? uniqueEmail();
  return signUp({
    site,
    values: parsed({ ...values, email, email_checked: email }),
    language: "nl",
    country: "NL",
    ip: nextIp(),
    tracking: {},
    origin: ORIGIN,
    ...extra,
  });
}

async function createdUserId(
  values: Record<string, string | undefined> = {},
  extra: Partial<Parameters<typeof signUp>[0]> = {},
) {
  const outcome = await newAccount(values, extra);
  if (outcome.status !== "created") throw new Error(`not created: ${JSON.stringify(outcome)}`);
  return outcome.userId;
}

async function activationToken(email: string) {
  const mail = await db().mail.findFirst({
    where: { to: email, template: "activation" },
    orderBy: { id: "desc" },
    select: { text: true },
  });
  const match = /\/activate\?token=([\w%-]+)/.exec(mail?.text ?? "");
  expect(match, `activation link to ${email}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

// ---- running route modules behind the real request middlewares ------------------------------

/** A route loader or action (their argument types differ per route; the harness builds them). */
type Handler = (args: never) => unknown;

/** Runs a loader or action as the app does: site, user and i18n middlewares first, tracking after. */
async function runRoute(handler: Handler, request: Request) {
  const context = new RouterContextProvider();
  const args = { request, context, params: {}, unstable_pattern: "" } as unknown as Parameters<
    MiddlewareFunction<Response>
  >[0];
  let outcome: { value?: unknown; thrown?: unknown } = {};
  const chain = rootMiddleware;
  const call = async (index: number): Promise<Response> => {
    if (index === chain.length) {
      try {
        outcome = { value: await handler(args as never) };
      } catch (error) {
        outcome = { thrown: error };
      }
      return new Response(null);
    }
    return (await chain[index]!(args, () => call(index + 1))) as Response;
  };
  const middlewareResponse = await call(0);
  const result = outcome.thrown ?? outcome.value;
  const status =
    result instanceof Response
      ? result.status
      : ((result as { init?: { status?: number } })?.init?.status ?? 200);
  const body = result instanceof Response ? null : ((result as { data?: unknown })?.data ?? result);
  return {
    result,
    status,
    body: body as Record<string, unknown> | null,
    headers: middlewareResponse.headers,
  };
}

function request(
  path: string,
  {
    form: body,
    ip = nextIp(),
    cookie,
    host = "hartklop.nl",
  }: { form?: FormData; ip?: string; cookie?: string; host?: string } = {},
) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: ip });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://${host}${path}`, body ? { method: "POST", body, headers } : { headers });
}

async function sessionCookieFor(response: Response) {
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("auth.session="));
  expect(setCookie, "the session cookie").toBeTruthy();
  return setCookie!.split(";")[0]!;
}

beforeAll(async () => {
  await seedBaseData(db());
  forgetCachedReads();
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

// ---- validation ------------------------------------------------------------------------------

describe("signup validation", () => {
  it("accepts a complete form and normalises the e-mail address", () => {
    const submission = check(valid({ email: "  Sanne@Example.COM " }));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.email).toBe("sanne@example.com");
    expect(submission.value.name).toBe("Sanne88");
    expect(submission.value.date_of_birth.toISOString()).toBe("1990-05-05T00:00:00.000Z");
    expect(submission.value.accept_terms).toBe(true);
  });

  it("checks the e-mail address", () => {
    expect(signupErrors(valid({ email: undefined })).email).toEqual(["Vul je e-mailadres in"]);
    for (const email of [
      "sanne",
      "sanne@",
      "@example.com",
      "sanne@example",
      "sanne @example.com",
      `${"a".repeat(250)}@example.com`,
    ]) {
      expect(signupErrors(valid({ email })).email, email).toEqual(["Ongeldige e-mail"]);
    }
  });

  it("checks the profile name", () => {
    expect(signupErrors(valid({ name: undefined })).name).toEqual(["Vul een profielnaam in"]);
    expect(signupErrors(valid({ name: "Jo" })).name).toEqual([
      "Je profielnaam moet 3 tot 30 tekens lang zijn",
    ]);
    expect(signupErrors(valid({ name: "x".repeat(31) })).name).toEqual([
      "Je profielnaam moet 3 tot 30 tekens lang zijn",
    ]);
    expect(signupErrors(valid({ name: "@sanne" })).name).toEqual([
      "Je profielnaam mag niet beginnen met een @",
    ]);
    expect(signupErrors(valid({ name: "Sanne@Example.com" })).name).toEqual([
      "Je profielnaam moet anders zijn dan je e-mailadres",
    ]);
    // Also when other fields are wrong at the same time.
    expect(signupErrors({ email: "sanne@example.com", name: "sanne@example.com" }).name).toEqual([
      "Je profielnaam moet anders zijn dan je e-mailadres",
    ]);
    const allWrong = signupErrors({
      email: "sanne@example.com",
      name: "sanne@example.com",
      password: "kort",
      date_of_birth: "xx",
    });
    expect(allWrong.name).toEqual(["Je profielnaam moet anders zijn dan je e-mailadres"]);
    expect(allWrong.password).toEqual(["Je wachtwoord moet minstens 8 tekens lang zijn"]);
    expect(allWrong.date_of_birth).toEqual(["Ongeldige geboortedatum"]);
    expect(check(valid({ name: "  Sanne 88  " })).status).toBe("success");
  });

  it("refuses names that carry a link, web address or e-mail address", () => {
    const linkError = ["Je profielnaam mag geen link, webadres of e-mailadres bevatten"];
    for (const name of [
      "Kijk op bit.ly/win",
      "https://x",
      "www.prijs",
      "sanne@elders.nl",
      "hartklop-login.com",
    ]) {
      expect(signupErrors(valid({ name })).name, name).toEqual(linkError);
    }
    expect(signupErrors(valid({ name: "Sanne.Jansen" })).name).toEqual(linkError);
    expect(check(valid({ name: "J.R. Jansen" })).status).toBe("success");
    expect(signupErrors(valid({ name: "www.prijs" }), { t: de }).name).toEqual([
      de("signup:validation.nameLink"),
    ]);
  });

  it("checks the password's length and strength, and that it is not the e-mail or name", () => {
    expect(signupErrors(valid({ password: undefined })).password).toEqual(["Kies een wachtwoord"]);
    expect(signupErrors(valid({ password: "Kort-1" })).password).toEqual([
      "Je wachtwoord moet minstens 8 tekens lang zijn",
    ]);
    expect(signupErrors(valid({ password: `A1${"x".repeat(127)}` })).password).toEqual([
      "Je wachtwoord mag hoogstens 128 tekens lang zijn",
    ]);
    expect(signupErrors(valid({ password: "alleenletters" })).password).toEqual([
      "Gebruik in je wachtwoord letters en minstens één cijfer of leesteken",
    ]);
    expect(signupErrors(valid({ password: "12345678901" })).password).toEqual([
      "Gebruik in je wachtwoord letters en minstens één cijfer of leesteken",
    ]);
    expect(signupErrors(valid({ password: "Wachtwoord1" })).password).toEqual([
      "Dit wachtwoord is te makkelijk te raden, kies een ander wachtwoord",
    ]);
    const likeAccount = ["Je wachtwoord mag niet gelijk zijn aan je e-mailadres of profielnaam"];
    expect(signupErrors(valid({ password: "Sanne@Example.com" })).password).toEqual(likeAccount);
    expect(signupErrors(valid({ email: "sanne1990@example.com", password: "sanne1990" })).password).toEqual(
      likeAccount,
    );
    expect(signupErrors(valid({ name: "Sanne1990", password: "SANNE1990" })).password).toEqual(likeAccount);
    // Passwords are taken as typed: spaces count.
    expect(check(valid({ password: "  lang genoeg 1 " })).status).toBe("success");
  });

  it("checks the date of birth against the site's minimum age", () => {
    expect(signupErrors(valid({ date_of_birth: undefined })).date_of_birth).toEqual([
      "Vul uw geboortedatum in (18+ jaar)",
    ]);
    expect(signupErrors(valid({ date_of_birth: "2008-06-16" })).date_of_birth).toEqual([
      "Vul uw geboortedatum in (18+ jaar)",
    ]);
    expect(check(valid({ date_of_birth: "2008-06-15" })).status).toBe("success"); // 18 today
    for (const date of ["2001-02-30", "1990-13-01", "gisteren", "2027-01-01", "1890-01-01", "31-31-1990"]) {
      expect(signupErrors(valid({ date_of_birth: date })).date_of_birth, date).toEqual([
        "Ongeldige geboortedatum",
      ]);
    }
    for (const date of ["5-5-1990", "05/05/1990", "05.05.1990"]) {
      const submission = check(valid({ date_of_birth: date }));
      expect(submission.status, date).toBe("success");
    }
    expect(parsed({ date_of_birth: "2000-02-29" }).date_of_birth.toISOString()).toBe(
      "2000-02-29T00:00:00.000Z",
    );
    expect(signupErrors(valid({ date_of_birth: "2001-02-29" })).date_of_birth).toEqual([
      "Ongeldige geboortedatum",
    ]);
    expect(signupErrors(valid({ date_of_birth: "2006-01-01" }), { minAge: 21 }).date_of_birth).toEqual([
      "Vul uw geboortedatum in (21+ jaar)",
    ]);
  });

  it("asks for both genders and the terms and privacy acceptance", () => {
    expect(signupErrors(valid({ gender: undefined })).gender).toEqual([
      "Kies of je een man of een vrouw bent",
    ]);
    expect(signupErrors(valid({ gender: "other" })).gender).toEqual(["Kies of je een man of een vrouw bent"]);
    expect(signupErrors(valid({ seeking_gender: undefined })).seeking_gender).toEqual([
      "Kies of je een man of een vrouw zoekt",
    ]);
    expect(signupErrors(valid({ accept_terms: undefined })).accept_terms).toEqual([
      "Ga akkoord met de algemene voorwaarden en het privacybeleid om je aan te melden",
    ]);
  });

  it("takes a signup message only where the site uses it", () => {
    const without = check(valid({ signup_message: "Hallo allemaal" }));
    expect(without.status === "success" && without.value.signup_message).toBeUndefined();
    const withMessage = check(valid({ signup_message: " Hallo allemaal " }), { usesSignupMessage: true });
    expect(withMessage.status === "success" && withMessage.value.signup_message).toBe("Hallo allemaal");
    expect(check(valid({}), { usesSignupMessage: true }).status).toBe("success");
    expect(
      signupErrors(valid({ signup_message: "x".repeat(501) }), { usesSignupMessage: true }).signup_message,
    ).toEqual(["Je bericht mag hoogstens 500 tekens lang zijn"]);
  });

  it("gives the messages in the visitor's language", () => {
    const errors = signupErrors(
      {
        email: "sanne@example.com",
        name: "sanne@example.com",
        password: "kort",
        date_of_birth: "2015-01-01",
      },
      { t: de },
    );
    expect(errors.name).toEqual([de("signup:validation.nameIsEmail")]);
    expect(errors.password).toEqual([de("accounts:password.tooShort", { min: 8 })]);
    expect(errors.date_of_birth).toEqual([de("signup:validation.dateOfBirthRequired", { min_age: 18 })]);
    expect(errors.accept_terms).toEqual([de("signup:validation.termsRequired")]);
    expect(de("signup:validation.dateOfBirthRequired", { min_age: 18 })).toContain("18");
    expect(de("signup:validation.dateOfBirthRequired", { min_age: 18 })).not.toMatch(/\{\{|signup:/);
    // The texts of docs/product.md (Texts members see), word for word.
    expect(nl("signup:validation.dateOfBirthRequired", { min_age: 18 })).toBe(
      "Vul uw geboortedatum in (18+ jaar)",
    );
    expect(nl("signup:validation.dateOfBirthInvalid")).toBe("Ongeldige geboortedatum");
    expect(nl("signup:validation.emailInvalid")).toBe("Ongeldige e-mail");
    expect(nl("signup:activate.errorTitle")).toBe("Activeren mislukt");
    expect(nl("signup:suggestion", { email: "jan@gmail.com" })).toBe("Bedoelde je jan@gmail.com?");
  });
});

// ---- e-mail typo suggestion --------------------------------------------------------------------

describe("e-mail typo suggestion", () => {
  it("suggests a known mail domain for a misspelled one", () => {
    expect(suggestEmail("jan@gmial.com")).toBe("jan@gmail.com");
    expect(suggestEmail("Jan@Hotmial.nl")).toBe("jan@hotmail.nl");
    expect(suggestEmail("jan@zigo.nl")).toBe("jan@ziggo.nl");
    expect(suggestEmail("jan@gmail.con")).toBe("jan@gmail.com");
    for (const fine of [
      "jan@gmail.com",
      "jan@hotmail.nl",
      "jan@kpnmail.nl",
      "jan@example.com",
      "jan",
      "",
      null,
    ]) {
      expect(suggestEmail(fine), String(fine)).toBeNull();
    }
  });

  it("holds the signup once with the hint, and goes on when the visitor keeps the address", async () => {
    // zigo.nl, not gmial.com: that one is on the throw-away list too (disposable-addresses.test.ts).
    const email = `${uniqueEmail("typo").split("@")[0]}@zigo.nl`;
    const values = parsed({ email });
    const first = await signUp({
      site,
      values,
      language: "nl",
      country: "NL",
      ip: nextIp(),
      tracking: {},
      origin: ORIGIN,
    });
    expect(first).toEqual({ status: "suggestion", suggestion: email.replace("zigo", "ziggo") });
    expect(await db().user.count({ where: { email } })).toBe(0);
    const kept = await signUp({
      site,
      values: { ...values, email_checked: email },
      language: "nl",
      country: "NL",
      ip: nextIp(),
      tracking: {},
      origin: ORIGIN,
    });
    expect(kept.status).toBe("created");
  });
});

// ---- creating the account ----------------------------------------------------------------------

describe("creating the account", () => {
  it("creates user, profile and activation link in one go, then mails the link; no credits yet", async () => {
    const email = uniqueEmail("nieuw");
    const values = parsed({ email, name: "Nieuwkomer", signup_message: "Hoi!" });
    const outcome = await signUp({
      site: { ...site, usesSignupMessage: true },
      values,
      language: "de",
      country: "BE",
      ip: "192.0.2.7",
      tracking: { network: "adnet", ref: "r1", sub1: "a", sub2: "b", sub3: "c" },
      origin: ORIGIN,
    });
    expect(outcome.status).toBe("created");
    const user = await db().user.findUniqueOrThrow({
      where: { siteId_email: { siteId: site.id, email } },
      select: {
        id: true,
        status: true,
        language: true,
        credits: true,
        network: true,
        ref: true,
        sub1: true,
        sub2: true,
        sub3: true,
        signupIp: true,
        signupMessage: true,
        termsAcceptedAt: true,
        passwordHash: true,
        profile: {
          select: {
            name: true,
            gender: true,
            seekingGender: true,
            dateOfBirth: true,
            country: true,
            sexuality: true,
            status: true,
          },
        },
      },
    });
    expect(user).toMatchObject({
      status: "not_confirmed",
      language: "de",
      // The signup credits come with the confirmed address (decision 0031).
      credits: 0,
      network: "adnet",
      ref: "r1",
      sub1: "a",
      sub2: "b",
      sub3: "c",
      signupIp: "192.0.2.7",
      signupMessage: "Hoi!",
      profile: {
        name: "Nieuwkomer",
        gender: "female",
        seekingGender: "male",
        country: "BE",
        sexuality: "hetero",
        status: "disabled",
      },
    });
    expect(user.profile!.dateOfBirth.toISOString().slice(0, 10)).toBe("1990-05-05");
    expect(user.termsAcceptedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);

    expect(await db().creditLedgerEntry.count({ where: { userId: user.id } })).toBe(0);

    const verification = await db().verification.findFirstOrThrow({
      where: { userId: user.id },
      select: { type: true, target: true, tokenHash: true },
    });
    expect(verification).toMatchObject({ type: "activation", target: email });
    const mail = await db().mail.findFirstOrThrow({
      where: { to: email },
      select: { template: true, subject: true, html: true, userId: true },
    });
    expect(mail).toMatchObject({ template: "activation", userId: user.id });
    expect(mail.subject).toBe(
      translatorFor("de")("activation.subject", { ns: "mail", siteName: "Hartklop" }),
    );
    const token = await activationToken(email);
    expect(verification.tokenHash).not.toContain(token);
    expect(mail.html).toContain(`${ORIGIN}/activate?token=`);
    // Anyone can type any address here: the mail greets without the typed name.
    expect(mail.html).toContain("<p>Hallo,</p>");
    expect(mail.html).not.toContain("Nieuwkomer");
  });

  it("greets without the name in every activation mail, resent or to a corrected address", async () => {
    const email = uniqueEmail("groet");
    const userId = await createdUserId({ email, name: "Groetje" });
    expect((await resendActivation(userId, site, ORIGIN, nextIp())).ok).toBe(true);
    expect(
      (await changeUnconfirmedEmail(userId, uniqueEmail("groet2"), PASSWORD, site, ORIGIN, nextIp())).ok,
    ).toBe(true);
    const mails = await db().mail.findMany({
      where: { userId, template: "activation" },
      select: { text: true },
    });
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.text.startsWith("Hallo,\n")).toBe(true);
      expect(mail.text).not.toContain("Groetje");
    }
  });

  it("grants the site's signup credits on confirmation, once: a replayed link or ledger reference adds nothing", async () => {
    const email = uniqueEmail("tegoed");
    const userId = await createdUserId({ email });
    const credits = async () =>
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } })).credits;
    expect(await credits()).toBe(0);
    const token = await activationToken(email);
    expect(await activateAccount(token)).toEqual({ userId, firstUse: true });
    expect(await credits()).toBe(site.signupCredits);
    expect(
      await db().creditLedgerEntry.findMany({
        where: { userId },
        select: { delta: true, reason: true, reference: true, balanceAfter: true },
      }),
    ).toEqual([
      { delta: site.signupCredits, reason: "signup_bonus", reference: `signup:${userId}`, balanceAfter: 20 },
    ]);
    // The link opened again (a mail scanner, a second click), and confirmation again by any path.
    expect(await activateAccount(token)).toEqual({ userId, firstUse: false });
    expect(await db().$transaction((tx) => confirmAddress(tx, userId))).toBe(false);
    const replay = await changeCredits({
      userId,
      delta: site.signupCredits,
      reason: "signup_bonus",
      reference: `signup:${userId}`,
    });
    expect(replay).toEqual({ ok: true, applied: false, balance: 20 });
    expect(await db().creditLedgerEntry.count({ where: { userId } })).toBe(1);
    expect(await credits()).toBe(20);
  });

  it("grants the credits once when two confirmations of one account run at the same time", async () => {
    const userId = await createdUserId();
    const results = await Promise.all(
      [1, 2, 3].map(() => db().$transaction((tx) => confirmAddress(tx, userId))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db().creditLedgerEntry.count({ where: { userId } })).toBe(1);
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } })).credits,
    ).toBe(20);
  });

  it("grants no credits where the site gives none", async () => {
    const userId = await createdUserId();
    await db().site.update({ where: { id: site.id }, data: { signupCredits: 0 }, select: { id: true } });
    try {
      expect(await db().$transaction((tx) => confirmAddress(tx, userId))).toBe(true);
    } finally {
      await db().site.update({ where: { id: site.id }, data: { signupCredits: 20 }, select: { id: true } });
    }
    expect(await db().creditLedgerEntry.count({ where: { userId } })).toBe(0);
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } })).credits,
    ).toBe(0);
  });

  it("stores no signup message where the site does not use it", async () => {
    const userId = await createdUserId({ signup_message: "Hallo" });
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { signupMessage: true } }))
        .signupMessage,
    ).toBeNull();
  });

  it("derives the sexuality from the genders", async () => {
    const userId = await createdUserId({ gender: "male", seeking_gender: "male" });
    expect(
      (await db().profile.findUniqueOrThrow({ where: { userId }, select: { sexuality: true } })).sexuality,
    ).toBe("gay");
  });

  it("rolls everything back when one part fails", async () => {
    const email = uniqueEmail("half");
    // The database refuses the profile's country (a NUL byte) after the user was written.
    await expect(
      signUp({
        site,
        values: parsed({ email }),
        language: "nl",
        country: "N\u0000L",
        ip: nextIp(),
        tracking: {},
        origin: ORIGIN,
      }),
    ).rejects.toThrow();
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect(await db().profile.count({ where: { user: { email } } })).toBe(0);
    expect(await db().verification.count({ where: { target: email } })).toBe(0);
  });
});

// ---- existing accounts -------------------------------------------------------------------------

describe("signing up with an address that has an account", () => {
  async function accountWith(
    email: string,
    data: { status: "confirmed" | "not_confirmed" | "deleted"; deletedAt?: Date; erasedAt?: Date },
  ) {
    await db().user.create({ data: { siteId: site.id, email, ...data }, select: { id: true } });
  }

  it("offers a login link for an active account, confirmed or not", async () => {
    const confirmed = uniqueEmail("actief");
    await accountWith(confirmed, { status: "confirmed" });
    expect(await newAccount({ email: confirmed })).toEqual({ status: "exists", existing: "active" });
    const unconfirmed = uniqueEmail("onbevestigd");
    await accountWith(unconfirmed, { status: "not_confirmed" });
    expect(await newAccount({ email: ` ${unconfirmed.toUpperCase()} ` })).toEqual({
      status: "exists",
      existing: "active",
    });
  });

  it("offers reactivation for an account deleted within its 14-day grace period", async () => {
    const email = uniqueEmail("weg");
    await accountWith(email, { status: "deleted", deletedAt: new Date(Date.now() - 3 * 86_400_000) });
    expect(await newAccount({ email })).toEqual({ status: "exists", existing: "reactivatable" });
  });

  it("sends anything else to customer service", async () => {
    const erased = uniqueEmail("gewist");
    await accountWith(erased, {
      status: "deleted",
      deletedAt: new Date(Date.now() - 20 * 86_400_000),
      erasedAt: new Date(),
    });
    expect(await newAccount({ email: erased })).toEqual({ status: "exists", existing: "customer_service" });
    const late = uniqueEmail("laat");
    await accountWith(late, { status: "deleted", deletedAt: new Date(Date.now() - 15 * 86_400_000) });
    expect(await newAccount({ email: late })).toEqual({ status: "exists", existing: "customer_service" });
  });

  it("has the texts, with the support address", () => {
    expect(nl("signup:existing.active")).toContain("<login>");
    expect(nl("signup:existing.reactivatable", { supportEmail: site.supportEmail })).toContain(
      "support@hartklop.nl",
    );
    expect(nl("signup:existing.customerService", { supportEmail: site.supportEmail })).toContain(
      "klantenservice",
    );
  });

  it("allows the same address on another site", async () => {
    const email = uniqueEmail("tweesites");
    await accountWith(email, { status: "confirmed" });
    const deSite = await resolveSite("herzklopfen.de");
    expect((await newAccount({ email }, { site: deSite })).status).toBe("created");
  });
});

// ---- rate limit, honeypot, visibility and tracking through the route ---------------------------

describe("the /signup route", () => {
  beforeEach(async () => {
    await db().site.update({ where: { id: site.id }, data: { signups: "all" } });
    forgetCachedReads();
  });

  it("creates the account, logs the member in and goes on to the matches", async () => {
    const email = uniqueEmail("route");
    const { result, status } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email })) }),
    );
    expect(status).toBe(302);
    const response = result as Response;
    expect(response.headers.get("Location")).toBe("/signup-matches");
    const session = await getSession(request("/", { cookie: await sessionCookieFor(response) }), site.id);
    expect(session?.user.email).toBe(email);
    expect(session?.user.status).toBe("not_confirmed");
  });

  it("answers a failed form with the typed values but never the password", async () => {
    const { status, body } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email: "kapot", name: "Sanne" })) }),
    );
    expect(status).toBe(400);
    const reply = body!.result as { initialValue: Record<string, unknown>; error: Record<string, string[]> };
    expect(reply.error.email).toEqual(["Ongeldige e-mail"]);
    expect(reply.initialValue).toMatchObject({
      email: "kapot",
      name: "Sanne",
      date_of_birth: "1990-05-05",
      gender: "female",
    });
    expect(reply.initialValue).not.toHaveProperty("password");
  });

  it("creates no account for a name with a web address", async () => {
    const email = uniqueEmail("phish");
    const { status, body } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email, name: "Win op prijs.nl" })) }),
    );
    expect(status).toBe(400);
    expect((body!.result as { error: Record<string, string[]> }).error.name).toEqual([
      nl("signup:validation.nameLink"),
    ]);
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect(await db().mail.count({ where: { to: email } })).toBe(0);
  });

  it("answers in the visitor's language", async () => {
    const { body } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ name: "@x12" })), cookie: "i18n_redirected=de" }),
    );
    const reply = body!.result as { error: Record<string, string[]> };
    expect(reply.error.name).toEqual([de("signup:validation.nameStartsWithAt")]);
  });

  it("offers the login link for a known address and keeps the typed values", async () => {
    const email = uniqueEmail("bekend");
    await db().user.create({ data: { siteId: site.id, email, status: "confirmed" }, select: { id: true } });
    const { status, body } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email })) }),
    );
    expect(status).toBe(400);
    expect(body!.existing).toBe("active");
    expect((body!.result as { initialValue: Record<string, unknown> }).initialValue).toMatchObject({ email });
  });

  it("shows the typo hint after a submit, and signs up with the suggestion when it is chosen", async () => {
    const { status, body } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email: "hint1@gmial.com" })) }),
    );
    expect(status).toBe(400);
    expect(body!.suggestion).toBe("hint1@gmail.com");
    const chosen = await runRoute(
      signupRoute.action,
      request("/signup", {
        form: form(valid({ email: "hint1@gmial.com", use_email_suggestion: "hint1@gmail.com" })),
      }),
    );
    expect(chosen.status).toBe(302);
    expect(await db().user.count({ where: { email: "hint1@gmail.com" } })).toBe(1);
    // Only the suggestion for the typed address, nothing a script makes up.
    const forged = await runRoute(
      signupRoute.action,
      request("/signup", {
        form: form(valid({ email: "hint2@gmial.com", use_email_suggestion: "someone@else.example" })),
      }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body!.suggestion).toBe("hint2@gmail.com");
    expect(await db().user.count({ where: { email: "someone@else.example" } })).toBe(0);
  });

  it("refuses a filled-in honeypot with a clear message", async () => {
    const email = uniqueEmail("bot");
    const { status, body } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email, website: "http://spam.example" })) }),
    );
    expect(status).toBe(400);
    expect((body!.result as { error: Record<string, string[]> }).error[""]).toEqual([
      nl("signup:errors.honeypot"),
    ]);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it(`allows ${SIGNUPS_PER_IP.limit} signups per IP per hour, stored in the database`, async () => {
    const ip = "198.51.100.9";
    for (let i = 0; i < SIGNUPS_PER_IP.limit; i++) {
      const { status } = await runRoute(
        signupRoute.action,
        request("/signup", { form: form(valid({ email: uniqueEmail("ip") })), ip }),
      );
      expect(status, `signup ${i + 1}`).toBe(302);
    }
    const email = uniqueEmail("ip");
    const refused = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email })), ip }),
    );
    expect(refused.status).toBe(429);
    expect((refused.body!.result as { error: Record<string, string[]> }).error[""]).toEqual([
      "Vanaf jouw internetverbinding zijn het afgelopen uur te veel accounts aangemaakt. Probeer het over een uur opnieuw.",
    ]);
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect(await db().rateLimitHit.count({ where: { key: `signup:ip:${ip}` } })).toBe(SIGNUPS_PER_IP.limit);
    // Another IP is not affected; an hour later this one may sign up again.
    expect(
      (await runRoute(signupRoute.action, request("/signup", { form: form(valid({ email })) }))).status,
    ).toBe(302);
    await db().rateLimitHit.updateMany({
      where: { key: `signup:ip:${ip}` },
      data: { createdAt: new Date(Date.now() - 3_601_000) },
    });
    expect(
      (
        await runRoute(
          signupRoute.action,
          request("/signup", { form: form(valid({ email: uniqueEmail("ip") })), ip }),
        )
      ).status,
    ).toBe(302);
  });

  it("follows the signups setting", async () => {
    expect(signupsOpen("all", false)).toBe(true);
    expect(signupsOpen("with_trafficsource", false)).toBe(false);
    expect(signupsOpen("with_trafficsource", true)).toBe(true);
    expect(signupsOpen("invite_only", true)).toBe(false);

    const open = async (path: string, cookie?: string) =>
      ((await runRoute(signupRoute.loader, request(path, { cookie }))).body!.settings as { open: boolean })
        .open;
    expect(await open("/signup")).toBe(true);

    await db().site.update({ where: { id: site.id }, data: { signups: "with_trafficsource" } });
    forgetCachedReads();
    expect(await open("/signup")).toBe(false);
    expect(await open("/signup?sub1=x")).toBe(false);
    expect(await open("/signup?network=adnet")).toBe(true);
    expect(await open("/signup?ref=partner7")).toBe(true);
    const cookie = await trackingCookie("network=adnet");
    expect(await open("/signup", cookie)).toBe(true);
    const closed = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email: uniqueEmail("dicht") })) }),
    );
    expect(closed.status).toBe(403);
    const tracked = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email: uniqueEmail("open") })), cookie }),
    );
    expect(tracked.status).toBe(302);

    await db().site.update({ where: { id: site.id }, data: { signups: "invite_only" } });
    forgetCachedReads();
    expect(await open("/signup?network=adnet")).toBe(false);
    const invite = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email: uniqueEmail("uitnodiging") })), cookie }),
    );
    expect(invite.status).toBe(403);
    expect((invite.body!.result as { error: Record<string, string[]> }).error[""]).toEqual([
      nl("signup:errors.closed"),
    ]);
  });

  it("sends logged-in members on to the site", async () => {
    const email = uniqueEmail("ingelogd");
    const created = await runRoute(signupRoute.action, request("/signup", { form: form(valid({ email })) }));
    const cookie = await sessionCookieFor(created.result as Response);
    const again = await runRoute(signupRoute.loader, request("/signup", { cookie }));
    expect(again.status).toBe(302);
    expect((again.result as Response).headers.get("Location")).toBe("/");
  });
});

describe("tracking data", () => {
  /** The cookie's name, as the browser keeps it. */
  const TRACKING_COOKIE = "tracking";

  it("remembers network, ref and sub1-3 from the landing URL in a cookie", async () => {
    const { headers } = await runRoute(
      () => null,
      request("/?network=adnet&ref=r%207&sub1=a&sub2=b&sub3=c&other=x"),
    );
    const setCookie = headers.getSetCookie().find((c) => c.startsWith(`${TRACKING_COOKIE}=`));
    expect(setCookie).toContain("HttpOnly");
    const cookie = setCookie!.split(";")[0]!;
    expect(readTracking(request("/members", { cookie }))).toEqual({
      network: "adnet",
      ref: "r 7",
      sub1: "a",
      sub2: "b",
      sub3: "c",
    });
    // A page without parameters keeps the cookie as it is; a new landing replaces it.
    expect(
      (await runRoute(() => null, request("/pages/faq", { cookie }))).headers.getSetCookie(),
    ).not.toContainEqual(expect.stringContaining(`${TRACKING_COOKIE}=`));
    expect(readTracking(request("/?network=other", { cookie }))).toEqual({ network: "other" });
    expect(hasTrafficSource({ sub1: "a" })).toBe(false);
    expect(hasTrafficSource({ network: "adnet" })).toBe(true);
  });

  it("ignores a forged or broken cookie and caps the values", () => {
    expect(readTracking(request("/", { cookie: `${TRACKING_COOKIE}=nonsense` }))).toEqual({});
    expect(
      readTracking(
        request("/", {
          cookie: `${TRACKING_COOKIE}=${encodeURIComponent('{"network":{"x":1},"ref":"ok"}')}`,
        }),
      ),
    ).toEqual({ ref: "ok" });
    expect(readTracking(request(`/?network=${"n".repeat(300)}`)).network).toHaveLength(100);
  });

  it("is stored with the account that signs up", async () => {
    const email = uniqueEmail("getrackt");
    const cookie = await trackingCookie("network=adnet&ref=r1&sub1=s1&sub2=s2&sub3=s3");
    const { status } = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email })), cookie }),
    );
    expect(status).toBe(302);
    const user = await db().user.findFirstOrThrow({
      where: { email },
      select: { network: true, ref: true, sub1: true, sub2: true, sub3: true },
    });
    expect(user).toEqual({ network: "adnet", ref: "r1", sub1: "s1", sub2: "s2", sub3: "s3" });
  });
});

// ---- activation --------------------------------------------------------------------------------

describe("activation", () => {
  it("confirms the member and enables the profile, once", async () => {
    const email = uniqueEmail("activeer");
    const userId = await createdUserId({ email });
    const token = await activationToken(email);
    expect(await activateAccount(token)).toEqual({ userId, firstUse: true });
    const user = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { status: true, profile: { select: { status: true } } },
    });
    expect(user).toEqual({ status: "confirmed", profile: { status: "active" } });
    // Opened again (a mail scanner may have been first): no error, but no first use either.
    expect(await activateAccount(token)).toEqual({ userId, firstUse: false });
    expect(await activateAccount("")).toBeNull();
    expect(await activateAccount("made-up-token")).toBeNull();
  });

  it("voids the other activation links once one confirmed the account: they log no one in", async () => {
    const email = uniqueEmail("tweelinks");
    const userId = await createdUserId({ email });
    const first = await activationToken(email);
    await db().verification.create({
      data: {
        type: "activation",
        userId,
        target: email,
        tokenHash: createHash("sha256").update("tweede-link").digest("hex"),
        expiresAt: new Date(Date.now() + 3600_000),
      },
      select: { id: true },
    });
    expect(await activateAccount(first)).toEqual({ userId, firstUse: true });
    const unused = await db().verification.count({ where: { userId, type: "activation", usedAt: null } });
    expect(unused).toBe(0);
    const second = await runRoute(activateRoute.loader, request("/activate?token=tweede-link"));
    expect((second.result as Response).headers.get("Location")).toBe("/activate/done");
    expect((second.result as Response).headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("verlopen");
    const userId = await createdUserId({ email });
    const token = await activationToken(email);
    await db().verification.updateMany({
      where: { userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await activateAccount(token)).toBeNull();
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { status: true } })).status,
    ).toBe("not_confirmed");
  });

  /** Opens the link: the page's data (or the redirect) and any Set-Cookie the answer carries. */
  async function openLink(token: string, cookie?: string) {
    const { result, body, status } = await runRoute(
      activateRoute.loader,
      request(`/activate?token=${encodeURIComponent(token)}`, { cookie }),
    );
    const response = result instanceof Response ? result : null;
    return {
      status,
      body: body as { account: unknown; loggedInAs: unknown; login: string | null } | null,
      location: response?.headers.get("Location") ?? null,
      setCookie: response?.headers.get("Set-Cookie") ?? null,
    };
  }

  /** Presses the page's log-in button. */
  async function pressLogin(login: string, cookie?: string) {
    const { result, status } = await runRoute(
      activateRoute.action,
      request("/activate", { form: form({ login }), cookie }),
    );
    const response = result instanceof Response ? result : null;
    return {
      status,
      location: response?.headers.get("Location") ?? null,
      setCookie: response?.headers.get("Set-Cookie") ?? null,
    };
  }

  const sessionsOf = (userId: number) => db().session.count({ where: { userId } });

  it("confirms the address on opening but logs in only on the page's POST", async () => {
    const email = uniqueEmail("inloggen");
    const userId = await createdUserId({ email, name: "Jantje12" });
    const token = await activationToken(email);
    const opened = await openLink(token);
    // A GET (a mail scanner's too) sets no cookie and opens no session; the address is confirmed.
    expect(opened.status).toBe(200);
    expect(opened.setCookie).toBeNull();
    expect(await sessionsOf(userId)).toBe(0);
    expect(opened.body).toMatchObject({
      account: { name: "Jantje12", email: "i***@e***.com" },
      loggedInAs: null,
      login: expect.any(String),
    });
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { status: true } })).status,
    ).toBe("confirmed");

    const pressed = await pressLogin(opened.body!.login!);
    expect(pressed.location).toBe("/activate/done");
    expect(pressed.setCookie).toContain("auth.session=");
    const session = await getSession(request("/", { cookie: pressed.setCookie!.split(";")[0] }), site.id);
    expect(session?.user).toMatchObject({ id: userId, status: "confirmed" });
    // The session came from a mail link, not from the password.
    expect((await db().session.findUniqueOrThrow({ where: { id: session!.id } })).passwordAt).toBeNull();

    // The button's token is single use; the link opened again logs no one in, it offers the login.
    expect(await pressLogin(opened.body!.login!)).toMatchObject({
      location: "/activate/error",
      setCookie: null,
    });
    expect(await openLink(token)).toMatchObject({ location: "/activate/done", setCookie: null });
    expect(await sessionsOf(userId)).toBe(1);
    const none = await runRoute(activateRoute.loader, request("/activate"));
    expect((none.result as Response).headers.get("Location")).toBe("/activate/error");
  });

  it("refuses an expired log-in button, and a POST without one", async () => {
    const email = uniqueEmail("knopverlopen");
    const userId = await createdUserId({ email });
    const opened = await openLink(await activationToken(email));
    await db().verification.updateMany({
      where: { userId, type: "activation_login" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await pressLogin(opened.body!.login!)).toMatchObject({
      location: "/activate/error",
      setCookie: null,
    });
    const empty = await runRoute(activateRoute.action, request("/activate", { form: form({}) }));
    expect(empty.status).toBe(400);
    expect(await sessionsOf(userId)).toBe(0);
  });

  it("never replaces another member's session: it names both accounts and asks to log out first", async () => {
    const otherEmail = uniqueEmail("anderlid");
    const other = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email: otherEmail, name: "Kees77" })) }),
    );
    const otherCookie = await sessionCookieFor(other.result as Response);
    const email = uniqueEmail("aanvaller");
    const userId = await createdUserId({ email, name: "Aanvaller1" });
    const token = await activationToken(email);

    const opened = await openLink(token, otherCookie);
    expect(opened.setCookie).toBeNull();
    expect(opened.body).toMatchObject({
      account: { name: "Aanvaller1", email: "a***@e***.com" },
      loggedInAs: { name: "Kees77", email: "a***@e***.com" },
      login: null,
    });
    // The address is confirmed all the same; the member logged in stays so.
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { status: true } })).status,
    ).toBe("confirmed");
    expect((await getSession(request("/", { cookie: otherCookie }), site.id))?.user.email).toBe(otherEmail);
    expect(await sessionsOf(userId)).toBe(0);
    // Opened again, the same: no session for the link's account.
    expect((await openLink(token, otherCookie)).body).toMatchObject({ loggedInAs: { name: "Kees77" } });

    // A log-in button from a page shown elsewhere, pressed while the other member is logged in here.
    const fresh = uniqueEmail("knopelders");
    const freshId = await createdUserId({ email: fresh });
    const { body } = await openLink(await activationToken(fresh));
    expect(await pressLogin(body!.login!, otherCookie)).toMatchObject({ status: 409, setCookie: null });
    expect((await getSession(request("/", { cookie: otherCookie }), site.id))?.user.email).toBe(otherEmail);
    expect(await sessionsOf(freshId)).toBe(0);
    // Still usable where no one is logged in.
    expect((await pressLogin(body!.login!)).setCookie).toContain("auth.session=");
  });

  it("takes a link opened before as done, and offers the login, unless the address changed or the account is gone", async () => {
    const email = uniqueEmail("scanner");
    const userId = await createdUserId({ email });
    const token = await activationToken(email);
    // A mail scanner opens the link first (it gets no session); then the member does.
    await runRoute(activateRoute.loader, request(`/activate?token=${encodeURIComponent(token)}`));
    const member = await runRoute(
      activateRoute.loader,
      request(`/activate?token=${encodeURIComponent(token)}`),
    );
    expect((member.result as Response).headers.get("Location")).toBe("/activate/done");
    expect((await runRoute(activateDoneRoute.loader, request("/activate/done"))).body).toMatchObject({
      loggedIn: false,
    });
    const cookie = await sessionCookieFor(
      (await runRoute(signupRoute.action, request("/signup", { form: form(valid()) }))).result as Response,
    );
    expect(
      (await runRoute(activateDoneRoute.loader, request("/activate/done", { cookie }))).body,
    ).toMatchObject({ loggedIn: true });

    await db().user.update({
      where: { id: userId },
      data: { email: uniqueEmail("ander") },
      select: { id: true },
    });
    expect(await activateAccount(token)).toBeNull();
    await db().user.update({
      where: { id: userId },
      data: { email, status: "deleted" },
      select: { id: true },
    });
    expect(await activateAccount(token)).toBeNull();
  });

  it("keeps the session of the member who is already logged in", async () => {
    const email = uniqueEmail("alingelogd");
    const created = await runRoute(signupRoute.action, request("/signup", { form: form(valid({ email })) }));
    const cookie = await sessionCookieFor(created.result as Response);
    const token = await activationToken(email);
    const { result } = await runRoute(
      activateRoute.loader,
      request(`/activate?token=${encodeURIComponent(token)}`, { cookie }),
    );
    expect((result as Response).headers.get("Location")).toBe("/activate/done");
    expect((result as Response).headers.get("Set-Cookie")).toBeNull();
    expect((await getSession(request("/", { cookie }), site.id))?.user.status).toBe("confirmed");
  });
});

describe("the complete-signup step", () => {
  it("resends the activation mail a few times an hour", async () => {
    const email = uniqueEmail("opnieuw");
    const userId = await createdUserId({ email });
    for (let i = 0; i < 3; i++)
      expect(await resendActivation(userId, site, ORIGIN, "10.0.5.1")).toEqual({ ok: true, email });
    expect(await resendActivation(userId, site, ORIGIN, "10.0.5.1")).toEqual({
      ok: false,
      error: "rate_limited",
    });
    expect(await db().mail.count({ where: { to: email, template: "activation" } })).toBe(4);
    // Every link that was sent works (until one is used).
    expect(await activateAccount(await activationToken(email))).toEqual({ userId, firstUse: true });
    expect(await resendActivation(userId, site, ORIGIN, "10.0.5.1")).toEqual({
      ok: false,
      error: "confirmed",
    });
  });

  it("changes a mistyped address and sends a fresh link; the old link stops working", async () => {
    const email = uniqueEmail("fout");
    const userId = await createdUserId({ email });
    const oldToken = await activationToken(email);
    // The activation mail to the mistyped address bounced.
    await db().user.update({
      where: { id: userId },
      data: { notificationsDisabled: ["bounce", "fbl"] },
      select: { id: true },
    });
    const taken = uniqueEmail("bezet");
    await db().user.create({
      data: { siteId: site.id, email: taken, status: "confirmed" },
      select: { id: true },
    });
    expect(await changeUnconfirmedEmail(userId, taken, PASSWORD, site, ORIGIN, "10.0.5.1")).toEqual({
      ok: false,
      error: "duplicate",
    });
    expect(
      await changeUnconfirmedEmail(userId, email.toUpperCase(), PASSWORD, site, ORIGIN, "10.0.5.1"),
    ).toEqual({
      ok: false,
      error: "same",
    });
    const fixed = uniqueEmail("goed");
    expect(await changeUnconfirmedEmail(userId, ` ${fixed} `, PASSWORD, site, ORIGIN, "10.0.5.1")).toEqual({
      ok: true,
      email: fixed,
    });
    // The bounce was the old address's; a complaint (fbl) was the member's own doing and stays.
    expect(
      await db().user.findUniqueOrThrow({
        where: { id: userId },
        select: { email: true, notificationsDisabled: true },
      }),
    ).toEqual({ email: fixed, notificationsDisabled: ["fbl"] });
    expect(await activateAccount(oldToken)).toBeNull();
    expect(await activateAccount(await activationToken(fixed))).toEqual({ userId, firstUse: true });
  });

  it("asks for the current password before it changes the address, with the settings page's texts", async () => {
    const email = uniqueEmail("wachtwoord-wijzig");
    const created = await runRoute(signupRoute.action, request("/signup", { form: form(valid({ email })) }));
    const cookie = await sessionCookieFor(created.result as Response);
    const post = (values: Record<string, string>) =>
      runRoute(completeSignupRoute.action, request("/complete-signup", { form: form(values), cookie }));
    const address = async () =>
      (await db().user.findFirstOrThrow({ where: { siteId: site.id, email }, select: { id: true } })).id;
    const userId = await address();
    const mails = () => db().mail.count({ where: { template: "activation", userId } });
    const before = await mails();
    const intruder = uniqueEmail("indringer");
    type Result = { error: Record<string, string[]>; initialValue: Record<string, string> };

    const missing = await post({ intent: "change_email", new_email: intruder });
    expect(missing.status).toBe(400);
    expect((missing.body!.result as Result).error.password).toEqual([
      nl("settings:validation.currentPasswordRequired"),
    ]);
    const wrong = await post({ intent: "change_email", new_email: intruder, password: "Raden-2026!" });
    expect(wrong.status).toBe(400);
    const result = wrong.body!.result as Result;
    expect(result.error.password).toEqual([nl("settings:email.wrongPassword")]);
    // What was typed is kept, never the password.
    expect(result.initialValue).toMatchObject({ new_email: intruder });
    expect(result.initialValue.password).toBeUndefined();
    expect(await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })).toEqual({
      email,
    });
    expect(await mails()).toBe(before);

    const fixed = uniqueEmail("wachtwoord-goed");
    const changed = await post({ intent: "change_email", new_email: fixed, password: PASSWORD });
    expect((changed.result as Response).headers.get("Location")).toBe("/complete-signup?done=changed");
    expect(await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })).toEqual({
      email: fixed,
    });
  });

  it("'Bedoelde je …?' fills in the suggested address (only that one); the password is still asked", async () => {
    const email = uniqueEmail("tik").replace("@example.com", "@zigo.nl");
    const created = await runRoute(
      signupRoute.action,
      request("/signup", { form: form(valid({ email, email_checked: email })) }),
    );
    const cookie = await sessionCookieFor(created.result as Response);
    const suggested = email.replace("zigo", "ziggo");
    const page = await runRoute(completeSignupRoute.loader, request("/complete-signup", { cookie }));
    expect(page.body).toMatchObject({ suggestion: suggested, newEmail: null });
    const chosen = await runRoute(
      completeSignupRoute.loader,
      request("/complete-signup?suggestion=1", { cookie }),
    );
    expect(chosen.body).toMatchObject({ suggestion: suggested, newEmail: suggested });
    const made = await runRoute(
      completeSignupRoute.loader,
      request("/complete-signup?suggestion=1&new_email=iemand%40example.com", { cookie }),
    );
    expect(made.body).toMatchObject({ newEmail: suggested });
  });

  it("checks the new address with the e-mail change texts through the route", async () => {
    const email = uniqueEmail("route-wijzig");
    const created = await runRoute(signupRoute.action, request("/signup", { form: form(valid({ email })) }));
    const cookie = await sessionCookieFor(created.result as Response);
    const post = (values: Record<string, string>) =>
      runRoute(completeSignupRoute.action, request("/complete-signup", { form: form(values), cookie }));

    const invalid = await post({ intent: "change_email", new_email: "geen-adres", password: PASSWORD });
    expect(invalid.status).toBe(400);
    expect((invalid.body!.result as { error: Record<string, string[]> }).error.new_email).toEqual([
      "Nieuw e-mailadres invalide.",
    ]);

    const taken = uniqueEmail("route-bezet");
    await db().user.create({
      data: { siteId: site.id, email: taken, status: "not_confirmed" },
      select: { id: true },
    });
    const duplicate = await post({ intent: "change_email", new_email: taken, password: PASSWORD });
    expect((duplicate.body!.result as { error: Record<string, string[]> }).error.new_email).toEqual([
      "Dit e-mailadres heeft al een account op deze site.",
    ]);

    const changed = await post({
      intent: "change_email",
      new_email: uniqueEmail("route-nieuw"),
      password: PASSWORD,
    });
    expect((changed.result as Response).headers.get("Location")).toBe("/complete-signup?done=changed");
    const resent = await post({ intent: "resend" });
    expect((resent.result as Response).headers.get("Location")).toBe("/complete-signup?done=resent");
    await post({ intent: "resend" });
    const limited = await post({ intent: "resend" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ intent: "resend", error: nl("signup:complete.tooManyMails") });

    const page = await runRoute(completeSignupRoute.loader, request("/complete-signup", { cookie }));
    expect(page.body).toMatchObject({ email: expect.stringContaining("route-nieuw") });
    await activateAccount(await activationToken((page.body as { email: string }).email));
    const confirmed = await runRoute(completeSignupRoute.loader, request("/complete-signup", { cookie }));
    expect((confirmed.result as Response).headers.get("Location")).toBe("/");
    const visitor = await runRoute(completeSignupRoute.loader, request("/complete-signup"));
    expect((visitor.result as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

// ---- matches -----------------------------------------------------------------------------------

describe("signup matches", () => {
  let photoCounter = 0;
  async function member(options: {
    gender: "male" | "female";
    seekingGender?: "male" | "female";
    born: string;
    country?: string;
    status?: "confirmed" | "not_confirmed";
    invisible?: boolean;
    photo?: "public" | "private" | "inspection" | null;
    profileStatus?: "active" | "disabled";
  }) {
    const user = await db().user.create({
      data: {
        siteId: site.id,
        email: uniqueEmail("match"),
        status: options.status ?? "confirmed",
        invisible: options.invisible ?? false,
        profile: {
          create: {
            name: `Match${emailCounter}`,
            gender: options.gender,
            seekingGender: options.seekingGender ?? (options.gender === "male" ? "female" : "male"),
            dateOfBirth: new Date(options.born),
            country: options.country ?? "NL",
            status: options.profileStatus ?? "active",
          },
        },
      },
      select: { profile: { select: { id: true } } },
    });
    const profileId = user.profile!.id;
    const photo = options.photo === undefined ? "public" : options.photo;
    if (photo) {
      const n = ++photoCounter;
      const created = await db().photo.create({
        data: {
          profileId,
          filename: `test/match-${n}.webp`,
          thumbFilename: `test/match-${n}-thumb.webp`,
          width: 600,
          height: 750,
          status: photo === "inspection" ? "inspection" : "active",
          visibility: photo === "private" ? "private" : "public",
        },
        select: { id: true },
      });
      await db().profile.update({ where: { id: profileId }, data: { mainPhotoId: created.id } });
    }
    return profileId;
  }

  it("shows visible members of the sought gender, same country and near age first, at most 12", async () => {
    // Make this test independent of members created by earlier tests.
    await db().profile.updateMany({ where: { gender: "male" }, data: { status: "disabled" } });
    const near = await member({ gender: "male", born: "1988-01-01" });
    const nearest = await member({ gender: "male", born: "1990-03-01" });
    const abroad = await member({ gender: "male", born: "1990-05-01", country: "DE" });
    const old = await member({ gender: "male", born: "1950-01-01" });
    const notMutual = await member({ gender: "male", seekingGender: "male", born: "1990-05-05" });
    const excluded = [
      await member({ gender: "female", born: "1990-01-01" }),
      await member({ gender: "male", born: "1990-01-01", status: "not_confirmed" }),
      await member({ gender: "male", born: "1990-01-01", invisible: true }),
      await member({ gender: "male", born: "1990-01-01", photo: null }),
      await member({ gender: "male", born: "1990-01-01", photo: "private" }),
      await member({ gender: "male", born: "1990-01-01", photo: "inspection" }),
      await member({ gender: "male", born: "1990-01-01", profileStatus: "disabled" }),
    ];
    const userId = await createdUserId({
      gender: "female",
      seeking_gender: "male",
      date_of_birth: "1990-05-05",
    });
    const matches = await findSignupMatches(userId, site.visibleProfileFields);
    expect(matches.map((m) => m.id)).toEqual([nearest, near, abroad, old, notMutual]);
    for (const id of excluded) expect(matches.map((m) => m.id)).not.toContain(id);
    expect(matches[0]).toMatchObject({
      name: expect.any(String),
      age: expect.any(Number),
      mainPhotoId: expect.any(Number),
    });

    // A block, either way, hides the member here too.
    await block(userId, near);
    expect((await findSignupMatches(userId, site.visibleProfileFields)).map((m) => m.id)).not.toContain(near);

    for (let i = 0; i < 14; i++) await member({ gender: "male", born: "1991-01-01" });
    expect(await findSignupMatches(userId, site.visibleProfileFields)).toHaveLength(12);
  });
});
