// Throw-away addresses (docs/product.md, Accounts): every path that takes a new address refuses a
// domain on mailchecker's list through one function, with one message on the address field; a
// normal domain goes on.
import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDisposableEmail } from "~/domain/accounts/disposable-email.server";
import { requestEmailChange } from "~/domain/accounts/email-change.server";
import { signupSchema } from "~/domain/accounts/signup-schema";
import { signUp } from "~/domain/accounts/signup.server";
import { inviteStaff } from "~/domain/accounts/staff-accounts.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import * as completeSignupRoute from "~/routes/complete-signup";
import * as landerRoute from "~/routes/landers.$design";
import * as settingsRoute from "~/routes/settings";
import * as signupRoute from "~/routes/signup";
import * as staffTeamRoute from "~/routes/staff.team";
import { seedBaseData } from "../../prisma/seed/base-data";
import { forgetCachedReads } from "../fixtures/caches";
import { errorsOf } from "../fixtures/form-errors";
import { createMember, ORIGIN } from "../fixtures/members";
import { nextIp, post } from "../fixtures/run-route";
import { continueSignup } from "../fixtures/signup-steps";

const nl = translatorFor("nl");
const REFUSAL = nl("consent:disposableEmail");
const PASSWORD = "Zomer-2026!";

let site: Site;
let counter = 0;
const local = (prefix: string) => `${prefix}${++counter}`;

const signupForm = (email: string) => ({
  email,
  email_checked: email,
  name: "Blijvertje",
  password: PASSWORD,
  date_of_birth: "1990-05-05",
  gender: "female",
  seeking_gender: "male",
  place: "Utrecht",
  accept_terms: "on",
});

/** The signup values as the form's schema reads them, for the shared signup function. */
function signupValues(email: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(signupForm(email))) form.set(key, value);
  const submission = parseWithZod(form, { schema: signupSchema(nl, site) });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

const users = (email: string) => db().user.count({ where: { email } });
const replyErrors = (body: unknown, key?: string) =>
  errorsOf(((key ? (body as Record<string, unknown>)[key] : body) ?? {}) as object);

beforeAll(async () => {
  await seedBaseData(db());
  forgetCachedReads();
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

describe("isDisposableEmail", () => {
  it("knows the listed domains and the domains under them, in any case", () => {
    expect(isDisposableEmail("jan@mailinator.com")).toBe(true);
    expect(isDisposableEmail("Jan@YOPMAIL.COM")).toBe(true);
    expect(isDisposableEmail("jan@post.mailinator.com")).toBe(true);
    expect(isDisposableEmail("jan@mailinator.com.")).toBe(true);
  });

  it("lets ordinary mail domains through", () => {
    for (const email of ["jan@gmail.com", "jan@ziggo.nl", "jan@example.nl", "jan@web.de", "jan@wp.pl"]) {
      expect(isDisposableEmail(email), email).toBe(false);
    }
  });
});

describe("signup", () => {
  it("the form refuses a throw-away address on the address field, keeping what was typed", async () => {
    const email = `${local("weg")}@mailinator.com`;
    const refused = await post("/signup", null, signupForm(email), signupRoute.action);
    expect(refused.status).toBe(400);
    const result = (refused.body as { result: { initialValue: Record<string, unknown> } }).result;
    expect(errorsOf(result).email).toEqual([REFUSAL]);
    expect(result.initialValue).toMatchObject({ email, name: "Blijvertje" });
    expect(result.initialValue.password).toBeUndefined();
    expect(await users(email)).toBe(0);
  });

  it("a signup that began on a lander refuses it the same way", async () => {
    const email = `${local("lander")}@yopmail.com`;
    const first = await post("/landers/gallery/utrecht", null, signupForm(email), landerRoute.action, {
      params: { design: "gallery", slug: "utrecht" },
    });
    const refused = await continueSignup(first, signupForm(email));
    expect(refused.status).toBe(400);
    expect(errorsOf((refused.body as { result: object }).result).email).toEqual([REFUSAL]);
    expect(await users(email)).toBe(0);
  });

  it("the shared signup function refuses it for every other caller, and signs up a normal address", async () => {
    const input = { site, language: "nl", country: "NL", tracking: {}, origin: ORIGIN };
    const throwAway = `${local("api")}@guerrillamail.com`;
    expect(await signUp({ ...input, values: signupValues(throwAway), ip: nextIp() })).toEqual({
      status: "disposable",
    });
    expect(await users(throwAway)).toBe(0);
    const lasting = `${local("blijf")}@example.nl`;
    expect(await signUp({ ...input, values: signupValues(lasting), ip: nextIp() })).toMatchObject({
      status: "created",
    });
    expect(await users(lasting)).toBe(1);
  });

  it("offers the typo hint first for a typo domain that is also on the list, then refuses it", async () => {
    const email = `${local("tik")}@gmial.com`;
    const form = { ...signupForm(email), email_checked: "" };
    const hinted = await post("/signup", null, form, signupRoute.action);
    expect((hinted.body as { suggestion: string }).suggestion).toBe(email.replace("gmial", "gmail"));
    const kept = await post("/signup", null, signupForm(email), signupRoute.action);
    expect(errorsOf((kept.body as { result: object }).result).email).toEqual([REFUSAL]);
    expect(await users(email)).toBe(0);
  });

  it("correcting the address before confirming it refuses one too", async () => {
    const member = await createMember({ userStatus: "not_confirmed", password: PASSWORD });
    const newEmail = `${local("later")}@mailinator.com`;
    const refused = await post(
      "/complete-signup",
      member,
      { intent: "change_email", new_email: newEmail, password: PASSWORD },
      completeSignupRoute.action,
    );
    expect(refused.status).toBe(400);
    expect(replyErrors(refused.body, "result").new_email).toEqual([REFUSAL]);
    expect(await users(newEmail)).toBe(0);
  });
});

describe("e-mail change in the settings", () => {
  it("refuses a throw-away address on the new address's field and sends no link", async () => {
    const member = await createMember({ password: PASSWORD });
    const newEmail = `${local("nieuw")}@yopmail.com`;
    const refused = await post(
      "/settings",
      member,
      { intent: "email", newEmail, password: PASSWORD },
      settingsRoute.action,
    );
    expect(refused.status).toBe(400);
    expect(replyErrors(refused.body, "result").newEmail).toEqual([REFUSAL]);
    expect(await db().verification.count({ where: { userId: member.userId, type: "change_email" } })).toBe(0);
  });

  it("the shared function refuses it and takes a normal address", async () => {
    const member = await createMember({ password: PASSWORD });
    const change = (newEmail: string) =>
      requestEmailChange({ site, userId: member.userId, password: PASSWORD, newEmail, origin: ORIGIN });
    expect(await change(`${local("x")}@sub.mailinator.com`)).toEqual({ ok: false, error: "disposable" });
    const lasting = `${local("vast")}@example.nl`;
    expect(await change(lasting)).toEqual({ ok: true, email: lasting });
  });
});

describe("staff invitations", () => {
  it("refuse a throw-away address, creating no account", async () => {
    const admin = await createMember({ role: "admin" });
    const email = `${local("staf")}@mailinator.com`;
    const refused = await post(
      "/staff/team",
      admin,
      { intent: "invite", email, role: "support" },
      staffTeamRoute.action as never,
    );
    expect(refused.status).toBe(400);
    expect(replyErrors(refused.body, "invite").email).toEqual([REFUSAL]);
    const actor = { id: admin.userId, siteId: site.id };
    const again = await inviteStaff(
      actor,
      { email, role: "support" },
      { site, origin: ORIGIN, language: "nl" },
    );
    expect(again).toEqual({ ok: false, error: "disposable" });
    expect(await users(email)).toBe(0);
  });
});
