import { parseWithZod } from "@conform-to/zod/v4";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHANGE_PASSWORD_ERROR_KEYS, changePassword } from "~/domain/accounts/change-password.server";
import {
  EMAIL_CHANGE_ERROR_KEYS,
  confirmEmailChange,
  peekEmailChange,
  pendingEmailChange,
  requestEmailChange,
} from "~/domain/accounts/email-change.server";
import { verifyLogin } from "~/domain/accounts/login.server";
import { NOTIFICATION_KEYS } from "~/domain/core/notification-preferences";
import { verifyPassword } from "~/domain/accounts/password.server";
import { EMAIL_CHANGE_MAILS_PER_MEMBER, PASSWORD_CHECKS_PER_MEMBER } from "~/domain/abuse/limits";
import {
  RESET_ERROR_KEYS,
  completePasswordReset,
  isResetLinkValid,
  requestPasswordReset,
} from "~/domain/accounts/password-reset.server";
import { PASSWORD_PROBLEM_KEYS, passwordProblemMessage } from "~/domain/accounts/password-rules";
import {
  changeEmailSchema,
  changePasswordSchema,
  invisibleSchema,
  languageSchema,
  notificationsSchema,
  resetPasswordSchema,
} from "~/domain/accounts/settings-schemas";
import {
  loadSettings,
  resumeMails,
  saveNotificationPreferences,
  saveUserLanguage,
  setInvisible,
} from "~/domain/accounts/settings.server";
import { describeUserAgent } from "~/lib/user-agent";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { LOCALE_COOKIE, cookieHeader } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import * as resetPasswordRoute from "~/routes/reset-password";
import { seedBaseData } from "../../prisma/seed/base-data";
import { errorsOf } from "../fixtures/form-errors";
import { runRoute } from "../fixtures/run-route";
import { createMember } from "../fixtures/members";

const ORIGIN = "https://hartklop.test";
const PASSWORD = "Oud-wachtwoord-1";
const nl = translatorFor("nl");
const de = translatorFor("de");

let siteIds: { nl: number; de: number };
let site: { id: number; name: string; domain: string; resetMailsPerDay: number };
let counter = 0;

/** An unconfirmed member (profile disabled, as after signup) and a confirmed one whose profile is disabled. */
async function unconfirmedAndDisabled() {
  const unconfirmed = await createMember({
    password: PASSWORD,
    userStatus: "not_confirmed",
    profileStatus: "disabled",
  });
  const disabled = await createMember({ password: PASSWORD, profileStatus: "disabled" });
  return { unconfirmed, disabled };
}

/** After each followed a link mailed to them: both are confirmed, and only the signup's disabled profile is enabled. */
async function expectConfirmedByLink({
  unconfirmed,
  disabled,
}: Awaited<ReturnType<typeof unconfirmedAndDisabled>>) {
  const state = (userId: number) =>
    db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { status: true, profile: { select: { status: true } } },
    });
  expect(await state(unconfirmed.userId)).toEqual({ status: "confirmed", profile: { status: "active" } });
  expect(await state(disabled.userId)).toEqual({ status: "confirmed", profile: { status: "disabled" } });
}

async function sessionFor(userId: number, userAgent: string | null = null) {
  const id = randomBytes(24).toString("base64url");
  await db().session.create({
    data: { id, userId, userAgent, expiresAt: new Date(Date.now() + 3600_000) },
    select: { id: true },
  });
  return id;
}

async function latestMail(to: string, template: string) {
  return db().mail.findFirst({
    where: { to, template },
    orderBy: { id: "desc" },
    select: { id: true, to: true, text: true, html: true, userId: true, subject: true },
  });
}

function tokenFrom(text: string, path: string) {
  const match = new RegExp(`${ORIGIN}${path}\\?token=([\\w-]+)`).exec(text);
  expect(match, `a ${path} link in the mail`).not.toBeNull();
  return match![1]!;
}

function formData(values: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

/** nl shows the text word for word; another locale resolves the same key (translations follow later). */
function expectMessage(key: string, dutch: string, values?: Record<string, unknown>) {
  expect(nl(key, values)).toBe(dutch);
  const other = de(key, values);
  expect(other).not.toBe(key.split(":")[1]);
  expect(other.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  siteIds = await seedBaseData(db());
  site = await db().site.findUniqueOrThrow({
    where: { id: siteIds.nl },
    select: { id: true, name: true, domain: true, resetMailsPerDay: true },
  });
});

afterAll(async () => {
  await stopJobs();
});

describe("password reset request (/reset-password)", () => {
  const ip = () => `10.1.0.${++counter}`;

  it("reports an address without an account on this site", async () => {
    const elsewhere = await createMember({ siteId: siteIds.de, password: PASSWORD });
    const deleted = await createMember({ password: PASSWORD, userStatus: "deleted" });
    for (const email of ["niemand@example.com", elsewhere.email, deleted.email]) {
      expect(await requestPasswordReset({ site, email, origin: ORIGIN, ip: ip() })).toEqual({
        ok: false,
        error: "notFound",
      });
    }
    expect(await latestMail(elsewhere.email, "resetPassword")).toBeNull();
    expectMessage(RESET_ERROR_KEYS.notFound, "E-mailadres niet gevonden");
  });

  it("links to the site's own address, whatever host the request named", async () => {
    const user = await createMember({ password: PASSWORD });
    const linkFor = async (url: string, headers: Record<string, string> = {}) => {
      const request = new Request(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          [CLIENT_IP_HEADER]: ip(),
          ...headers,
        },
        body: new URLSearchParams({ email: user.email }),
      });
      await runRoute(request, resetPasswordRoute.action as never);
      const mail = await latestMail(user.email, "resetPassword");
      return /(\S+)\/reset-password\/do\?token=/.exec(mail!.text)![1];
    };
    // An unknown host is served as the default site: its link must not lead to that host.
    expect(await linkFor("http://evil.example/reset-password")).toBe("https://hartklop.nl");
    expect(await linkFor("http://hartklop.nl/reset-password")).toBe("http://hartklop.nl");
    // The local start (stand-ins) on a loopback address links to itself.
    expect(await linkFor("http://127.0.0.1:3999/reset-password")).toBe("http://127.0.0.1:3999");
  });

  it("mails a one-time link to the member's address, also typed in another case", async () => {
    const user = await createMember({ password: PASSWORD });
    const result = await requestPasswordReset({
      site,
      email: `  ${user.email.toUpperCase()} `,
      origin: ORIGIN,
      ip: ip(),
    });
    expect(result).toEqual({ ok: true });
    const mail = await latestMail(user.email, "resetPassword");
    expect(mail).toMatchObject({ to: user.email, userId: user.userId });
    expect(mail!.subject).toContain(site.name);
    const token = tokenFrom(mail!.text, "/reset-password/do");
    expect(mail!.html).toContain(`${ORIGIN}/reset-password/do?token=${token}`);
    expect(await isResetLinkValid(token)).toBe(true);
    // Only a hash of the token is stored.
    const stored = await db().verification.findFirst({
      where: { userId: user.userId, type: "reset_password" },
      select: { tokenHash: true, target: true },
    });
    expect(stored).toMatchObject({ target: user.email });
    expect(stored!.tokenHash).not.toContain(token);
  });

  it(`sends at most resetMailsPerDay mails to one address per 24 hours`, async () => {
    const user = await createMember({ password: PASSWORD });
    const limited = { ...site, resetMailsPerDay: 2 };
    for (let i = 0; i < 2; i++) {
      expect(
        await requestPasswordReset({ site: limited, email: user.email, origin: ORIGIN, ip: ip() }),
      ).toEqual({
        ok: true,
      });
    }
    expect(
      await requestPasswordReset({ site: limited, email: user.email, origin: ORIGIN, ip: ip() }),
    ).toEqual({
      ok: false,
      error: "tooMany",
    });
    expect(await db().mail.count({ where: { to: user.email, template: "resetPassword" } })).toBe(2);
    // A day later the address may get mail again.
    await db().rateLimitHit.updateMany({
      where: { key: { startsWith: `reset-mail:${site.id}:${user.email}` } },
      data: { createdAt: new Date(Date.now() - 24 * 3600_000 - 1000) },
    });
    expect(
      await requestPasswordReset({ site: limited, email: user.email, origin: ORIGIN, ip: ip() }),
    ).toEqual({
      ok: true,
    });
    expectMessage(
      RESET_ERROR_KEYS.tooMany,
      "Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.",
    );
  });

  it("uses the site's own setting (default 3)", async () => {
    const user = await createMember({ password: PASSWORD });
    for (let i = 0; i < site.resetMailsPerDay; i++) {
      expect(await requestPasswordReset({ site, email: user.email, origin: ORIGIN, ip: ip() })).toEqual({
        ok: true,
      });
    }
    expect(await requestPasswordReset({ site, email: user.email, origin: ORIGIN, ip: ip() })).toMatchObject({
      error: "tooMany",
    });
  });

  it("limits how many addresses one IP may try", async () => {
    const user = await createMember({ password: PASSWORD });
    for (let i = 0; i < 30; i++) {
      await requestPasswordReset({ site, email: `gok${i}@example.com`, origin: ORIGIN, ip: "10.66.0.1" });
    }
    expect(
      await requestPasswordReset({ site, email: user.email, origin: ORIGIN, ip: "10.66.0.1" }),
    ).toMatchObject({
      error: "tooMany",
    });
    expect(await requestPasswordReset({ site, email: user.email, origin: ORIGIN, ip: "10.66.0.2" })).toEqual({
      ok: true,
    });
  });
});

async function resetToken(email: string) {
  await requestPasswordReset({ site, email, origin: ORIGIN, ip: `10.2.0.${++counter}` });
  return tokenFrom((await latestMail(email, "resetPassword"))!.text, "/reset-password/do");
}

describe("password reset completion (/reset-password/do)", () => {
  it("requires the two new passwords to be equal", () => {
    const submission = parseWithZod(
      formData({ token: "x", newPassword: "Nieuw-wachtwoord-1", confirmPassword: "Nieuw-wachtwoord-2" }),
      { schema: resetPasswordSchema(nl) },
    );
    expect(submission.status).toBe("error");
    expect(errorsOf(submission).confirmPassword).toEqual(["De opgegeven wachtwoorden zijn niet gelijk"]);
    const german = parseWithZod(
      formData({ token: "x", newPassword: "Nieuw-wachtwoord-1", confirmPassword: "y" }),
      {
        schema: resetPasswordSchema(de),
      },
    );
    expect(errorsOf(german).confirmPassword).toEqual([de("settings:validation.passwordsDiffer")]);
    const same = parseWithZod(
      formData({ token: "x", newPassword: "Nieuw-wachtwoord-1", confirmPassword: "Nieuw-wachtwoord-1" }),
      { schema: resetPasswordSchema(nl) },
    );
    expect(same.status).toBe("success");
    expectMessage("settings:validation.passwordsDiffer", "De opgegeven wachtwoorden zijn niet gelijk");
  });

  it("applies the signup's password rules in the form", () => {
    const newPasswordErrors = (password: string) =>
      errorsOf(
        parseWithZod(formData({ token: "x", newPassword: password, confirmPassword: password }), {
          schema: resetPasswordSchema(nl),
        }),
      ).newPassword;
    expect(newPasswordErrors("kort")).toEqual(["Je wachtwoord moet minstens 8 tekens lang zijn"]);
    expect(newPasswordErrors("alleenletters")).toEqual([
      "Gebruik in je wachtwoord letters en minstens één cijfer of leesteken",
    ]);
    expect(newPasswordErrors("Wachtwoord1")).toEqual([
      "Dit wachtwoord is te makkelijk te raden, kies een ander wachtwoord",
    ]);
    const missing = parseWithZod(formData({ token: "x", confirmPassword: "x" }), {
      schema: resetPasswordSchema(nl),
    });
    expect(errorsOf(missing).newPassword).toEqual(["Kies een wachtwoord"]);
  });

  it("refuses unknown, used and expired links", async () => {
    expect(await isResetLinkValid("onzin")).toBe(false);
    expect(await isResetLinkValid("")).toBe(false);
    expect(await completePasswordReset({ token: "onzin", password: "Nieuw-wachtwoord-1" })).toEqual({
      ok: false,
      error: "invalidLink",
    });
    const user = await createMember({ password: PASSWORD });
    const token = await resetToken(user.email);
    await db().verification.updateMany({
      where: { userId: user.userId, type: "reset_password" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await isResetLinkValid(token)).toBe(false);
    expect(await completePasswordReset({ token, password: "Nieuw-wachtwoord-1" })).toMatchObject({
      error: "invalidLink",
    });
    expectMessage(RESET_ERROR_KEYS.invalidLink, "Link verlopen of invalide, vraag een nieuwe e-mail aan");
  });

  it("confirms an unconfirmed member (the link came to their address), and enables nothing else", async () => {
    const { unconfirmed, disabled } = await unconfirmedAndDisabled();
    for (const user of [unconfirmed, disabled]) {
      const token = await resetToken(user.email);
      expect(await completePasswordReset({ token, password: "Nieuw-wachtwoord-1" })).toMatchObject({
        ok: true,
      });
    }
    await expectConfirmedByLink({ unconfirmed, disabled });
  });

  it("applies the password rules without using the link up", async () => {
    const user = await createMember({ password: PASSWORD });
    const token = await resetToken(user.email);
    expect(await completePasswordReset({ token, password: "kort" })).toEqual({
      ok: false,
      error: "tooShort",
    });
    expect(await completePasswordReset({ token, password: user.email.toUpperCase() })).toEqual({
      ok: false,
      error: "likeAccount",
    });
    expect(await completePasswordReset({ token, password: user.email.split("@")[0]! })).toEqual({
      ok: false,
      error: "likeAccount",
    });
    expect(await isResetLinkValid(token)).toBe(true);
    expectMessage(
      PASSWORD_PROBLEM_KEYS.likeAccount,
      "Je wachtwoord mag niet gelijk zijn aan je e-mailadres of profielnaam",
    );
  });

  it("refuses a weak, a common or a profile-name password, like the signup", async () => {
    const user = await createMember({ password: PASSWORD, name: "Zonnebloem77" });
    const token = await resetToken(user.email);
    expect(await completePasswordReset({ token, password: "alleenletters" })).toEqual({
      ok: false,
      error: "weak",
    });
    expect(await completePasswordReset({ token, password: "12345678901" })).toEqual({
      ok: false,
      error: "weak",
    });
    expect(await completePasswordReset({ token, password: "Wachtwoord1" })).toEqual({
      ok: false,
      error: "common",
    });
    expect(await completePasswordReset({ token, password: "zonnebloem77" })).toEqual({
      ok: false,
      error: "likeAccount",
    });
    expect(await isResetLinkValid(token)).toBe(true);
    expect(passwordProblemMessage(nl, "weak")).toBe(
      "Gebruik in je wachtwoord letters en minstens één cijfer of leesteken",
    );
    expectMessage(
      PASSWORD_PROBLEM_KEYS.common,
      "Dit wachtwoord is te makkelijk te raden, kies een ander wachtwoord",
    );
  });

  it("sets the password, lifts a login block, ends every session and works once", async () => {
    const user = await createMember({ password: PASSWORD });
    const loginSite = { id: site.id, loginMaxAttempts: 2, loginBlockMinutes: 15 };
    for (let i = 0; i < 2; i++) {
      await verifyLogin({ site: loginSite, email: user.email, password: "fout", ip: "10.3.1.1" });
    }
    expect(
      await verifyLogin({ site: loginSite, email: user.email, password: PASSWORD, ip: "10.3.1.1" }),
    ).toMatchObject({ error: "locked" });
    await db().loginAttempt.create({ data: { userId: user.userId, ip: "10.3.0.9" }, select: { id: true } });
    await sessionFor(user.userId);
    await sessionFor(user.userId);
    const other = await createMember({ password: PASSWORD });
    const otherSession = await sessionFor(other.userId);
    const olderToken = await resetToken(user.email);
    const token = await resetToken(user.email);

    expect(await completePasswordReset({ token, password: "Nieuw-wachtwoord-1" })).toEqual({
      ok: true,
      userId: user.userId,
    });
    const after = await db().user.findUniqueOrThrow({
      where: { id: user.userId },
      select: { passwordHash: true, lockedUntil: true },
    });
    expect(after.lockedUntil).toBeNull();
    expect(await verifyPassword(after.passwordHash, "Nieuw-wachtwoord-1")).toBe(true);
    expect(await db().loginAttempt.count({ where: { userId: user.userId } })).toBe(0);
    expect(await db().session.count({ where: { userId: user.userId } })).toBe(0);
    expect(await db().session.count({ where: { id: otherSession } })).toBe(1);
    expect(
      await verifyLogin({
        site: loginSite,
        email: user.email,
        password: "Nieuw-wachtwoord-1",
        ip: "10.3.1.1",
      }),
    ).toMatchObject({ ok: true });
    // Used once; the older link of the same member is void too.
    expect(await completePasswordReset({ token, password: "Ander-wachtwoord-2" })).toMatchObject({
      error: "invalidLink",
    });
    expect(await isResetLinkValid(olderToken)).toBe(false);
  });

  it("voids a link mailed to an address the account no longer uses", async () => {
    const user = await createMember({ password: PASSWORD });
    const token = await resetToken(user.email);
    await db().user.update({ where: { id: user.userId }, data: { email: `nieuw-${user.email}` } });
    expect(await isResetLinkValid(token)).toBe(false);
  });
});

describe("change password (settings)", () => {
  it("checks the old password", async () => {
    const user = await createMember({ password: PASSWORD });
    expect(
      await changePassword({
        userId: user.userId,
        currentPassword: "fout",
        newPassword: "Nieuw-wachtwoord-1",
        keepSessionId: null,
      }),
    ).toEqual({ ok: false, error: "wrongOldPassword" });
    expectMessage(CHANGE_PASSWORD_ERROR_KEYS.wrongOldPassword, "Controleer je oude wachtwoord");
  });

  it("requires equal new passwords that follow the password rules, not the e-mail", async () => {
    const submission = parseWithZod(
      formData({
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "Nieuw-1234",
        confirmPassword: "Nieuw-12345",
      }),
      { schema: changePasswordSchema(nl) },
    );
    expect(errorsOf(submission).confirmPassword).toEqual(["De opgegeven wachtwoorden zijn niet gelijk"]);
    const short = parseWithZod(
      formData({ intent: "password", currentPassword: PASSWORD, newPassword: "abc", confirmPassword: "abc" }),
      { schema: changePasswordSchema(nl) },
    );
    expect(errorsOf(short).newPassword).toEqual([nl("accounts:password.tooShort", { min: 8 })]);
    const common = parseWithZod(
      formData({
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "Password123",
        confirmPassword: "Password123",
      }),
      { schema: changePasswordSchema(de) },
    );
    expect(errorsOf(common).newPassword).toEqual([de("accounts:password.common")]);
    const user = await createMember({ password: PASSWORD });
    expect(
      await changePassword({
        userId: user.userId,
        currentPassword: PASSWORD,
        newPassword: user.email,
        keepSessionId: null,
      }),
    ).toEqual({ ok: false, error: "likeAccount" });
  });

  it("refuses a weak, a common or a profile-name password and keeps the old one", async () => {
    const user = await createMember({ password: PASSWORD, name: "Zonnebloem77" });
    const change = (newPassword: string) =>
      changePassword({ userId: user.userId, currentPassword: PASSWORD, newPassword, keepSessionId: null });
    expect(await change("alleenletters")).toEqual({ ok: false, error: "weak" });
    expect(await change("iloveyou1")).toEqual({ ok: false, error: "common" });
    expect(await change("ZONNEBLOEM77")).toEqual({ ok: false, error: "likeAccount" });
    const { passwordHash } = await db().user.findUniqueOrThrow({
      where: { id: user.userId },
      select: { passwordHash: true },
    });
    expect(await verifyPassword(passwordHash, PASSWORD)).toBe(true);
  });

  it("changes the password and ends the member's other sessions", async () => {
    const user = await createMember({ password: PASSWORD });
    const current = await sessionFor(user.userId);
    await sessionFor(user.userId);
    await sessionFor(user.userId);
    expect(
      await changePassword({
        userId: user.userId,
        currentPassword: PASSWORD,
        newPassword: "Nieuw-wachtwoord-1",
        keepSessionId: current,
      }),
    ).toEqual({ ok: true });
    const sessions = await db().session.findMany({ where: { userId: user.userId }, select: { id: true } });
    expect(sessions).toEqual([{ id: current }]);
    const { passwordHash } = await db().user.findUniqueOrThrow({
      where: { id: user.userId },
      select: { passwordHash: true },
    });
    expect(await verifyPassword(passwordHash, "Nieuw-wachtwoord-1")).toBe(true);
  });

  it("stops guessing: after too many checks even the right password is refused for a while", async () => {
    const user = await createMember({ password: PASSWORD });
    for (let i = 0; i < PASSWORD_CHECKS_PER_MEMBER.limit; i++) {
      await changePassword({
        userId: user.userId,
        currentPassword: `gok${i}`,
        newPassword: "Nieuw-wachtwoord-1",
        keepSessionId: null,
      });
    }
    expect(
      await changePassword({
        userId: user.userId,
        currentPassword: PASSWORD,
        newPassword: "Nieuw-wachtwoord-1",
        keepSessionId: null,
      }),
    ).toEqual({ ok: false, error: "wrongOldPassword" });
  });
});

describe("e-mail change", () => {
  const request = (userId: number, newEmail: string, password = PASSWORD) =>
    requestEmailChange({ site, userId, password, newEmail, origin: ORIGIN });

  it("refuses an invalid new address", async () => {
    const user = await createMember({ password: PASSWORD });
    for (const address of ["geen-adres", "a@b", "", "twee@@example.com"]) {
      expect(await request(user.userId, address)).toEqual({ ok: false, error: "invalid" });
    }
    const submission = parseWithZod(
      formData({ intent: "email", newEmail: "geen-adres", password: PASSWORD }),
      {
        schema: changeEmailSchema(nl),
      },
    );
    expect(errorsOf(submission).newEmail).toEqual(["Nieuw e-mailadres invalide."]);
    expectMessage(EMAIL_CHANGE_ERROR_KEYS.invalid, "Nieuw e-mailadres invalide.");
  });

  it("needs the current password", async () => {
    const user = await createMember({ password: PASSWORD });
    expect(await request(user.userId, "nieuw-adres@example.com", "fout")).toEqual({
      ok: false,
      error: "wrongPassword",
    });
    expect(await latestMail("nieuw-adres@example.com", "changeEmail")).toBeNull();
  });

  it("refuses an address that already has an account on this site, but not one on another site", async () => {
    const user = await createMember({ password: PASSWORD });
    const taken = await createMember({ password: PASSWORD });
    const deleted = await createMember({ password: PASSWORD, userStatus: "deleted" });
    expect(await request(user.userId, taken.email.toUpperCase())).toEqual({ ok: false, error: "duplicate" });
    expect(await request(user.userId, deleted.email)).toEqual({ ok: false, error: "duplicate" });
    expect(await request(user.userId, user.email)).toEqual({ ok: false, error: "unchanged" });
    const elsewhere = await createMember({ siteId: siteIds.de, password: PASSWORD });
    expect(await request(user.userId, elsewhere.email)).toMatchObject({ ok: true });
    expectMessage(EMAIL_CHANGE_ERROR_KEYS.duplicate, "Dit e-mailadres heeft al een account op deze site.");
  });

  it("mails a link to the new address; following it changes the address once", async () => {
    const user = await createMember({ password: PASSWORD, notificationsDisabled: ["bounce", "fbl"] });
    const newEmail = `nieuw${user.userId}@example.com`;
    expect(await request(user.userId, ` ${newEmail.toUpperCase()}`)).toEqual({ ok: true, email: newEmail });
    expect(await latestMail(user.email, "changeEmail")).toBeNull();
    const mail = await latestMail(newEmail, "changeEmail");
    expect(mail).toMatchObject({ userId: user.userId });
    const token = tokenFrom(mail!.text, "/mail-change/do");
    expect(await pendingEmailChange(user.userId)).toBe(newEmail);
    expect(await peekEmailChange(token)).toBe(newEmail);
    // Nothing changes before the link is followed.
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: user.userId }, select: { email: true } })).email,
    ).toBe(user.email);

    expect(await confirmEmailChange(token)).toEqual({ ok: true, email: newEmail, userId: user.userId });
    // The old address hears of it, in case someone else took over the account.
    const notice = await latestMail(user.email, "emailChanged");
    expect(notice).toMatchObject({
      userId: user.userId,
      subject: `Je e-mailadres bij ${site.name} is gewijzigd`,
    });
    const { supportEmail } = await db().site.findUniqueOrThrow({
      where: { id: site.id },
      select: { supportEmail: true },
    });
    expect(notice!.text).toContain(`is gewijzigd in ${newEmail}.`);
    expect(notice!.text).toContain(`klantenservice via ${supportEmail}.`);
    const after = await db().user.findUniqueOrThrow({
      where: { id: user.userId },
      select: { email: true, notificationsDisabled: true },
    });
    expect(after).toEqual({ email: newEmail, notificationsDisabled: ["fbl"] });
    expect(await pendingEmailChange(user.userId)).toBeNull();
    expect(await confirmEmailChange(token)).toEqual({ ok: false, error: "invalidLink" });
    expect(await confirmEmailChange("onzin")).toEqual({ ok: false, error: "invalidLink" });
    expect(
      await verifyLogin({
        site: { id: site.id, loginMaxAttempts: 5, loginBlockMinutes: 15 },
        email: newEmail,
        password: PASSWORD,
        ip: "10.4.0.1",
      }),
    ).toMatchObject({ ok: true });
  });

  it("voids a pending change when the password changes or is reset (an intruder's link ends with their access)", async () => {
    const pendingLink = async (userId: number, newEmail: string) => {
      expect(await request(userId, newEmail)).toEqual({ ok: true, email: newEmail });
      return tokenFrom((await latestMail(newEmail, "changeEmail"))!.text, "/mail-change/do");
    };
    const changed = await createMember({ password: PASSWORD });
    const changedLink = await pendingLink(changed.userId, `indringer-a${changed.userId}@example.com`);
    expect(
      await changePassword({
        userId: changed.userId,
        currentPassword: PASSWORD,
        newPassword: "Nieuw-wachtwoord-1",
        keepSessionId: null,
      }),
    ).toEqual({ ok: true });
    expect(await pendingEmailChange(changed.userId)).toBeNull();
    expect(await confirmEmailChange(changedLink)).toEqual({ ok: false, error: "invalidLink" });

    const reset = await createMember({ password: PASSWORD });
    const resetLink = await pendingLink(reset.userId, `indringer-b${reset.userId}@example.com`);
    const token = await resetToken(reset.email);
    expect(await completePasswordReset({ token, password: "Nieuw-wachtwoord-1" })).toMatchObject({
      ok: true,
    });
    expect(await confirmEmailChange(resetLink)).toEqual({ ok: false, error: "invalidLink" });
    const { email } = await db().user.findUniqueOrThrow({
      where: { id: reset.userId },
      select: { email: true },
    });
    expect(email).toBe(reset.email);
  });

  it("confirms an unconfirmed member (the link came to the new address), and enables nothing else", async () => {
    const { unconfirmed, disabled } = await unconfirmedAndDisabled();
    for (const user of [unconfirmed, disabled]) {
      const newEmail = `bevestigd${user.userId}@example.com`;
      await request(user.userId, newEmail);
      const token = tokenFrom((await latestMail(newEmail, "changeEmail"))!.text, "/mail-change/do");
      expect(await confirmEmailChange(token)).toMatchObject({ ok: true });
    }
    await expectConfirmedByLink({ unconfirmed, disabled });
  });

  it("re-checks that the address is still free when the link is followed", async () => {
    const user = await createMember({ password: PASSWORD });
    const newEmail = `bezet${user.userId}@example.com`;
    await request(user.userId, newEmail);
    const token = tokenFrom((await latestMail(newEmail, "changeEmail"))!.text, "/mail-change/do");
    await createMember({ email: newEmail, password: PASSWORD });
    expect(await confirmEmailChange(token)).toEqual({ ok: false, error: "duplicate" });
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: user.userId }, select: { email: true } })).email,
    ).toBe(user.email);
    expect(await latestMail(user.email, "emailChanged")).toBeNull();
  });

  it("refuses an expired link", async () => {
    const user = await createMember({ password: PASSWORD });
    const newEmail = `laat${user.userId}@example.com`;
    await request(user.userId, newEmail);
    const token = tokenFrom((await latestMail(newEmail, "changeEmail"))!.text, "/mail-change/do");
    await db().verification.updateMany({
      where: { userId: user.userId, type: "change_email" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await peekEmailChange(token)).toBeNull();
    expect(await confirmEmailChange(token)).toEqual({ ok: false, error: "invalidLink" });
  });

  it("limits confirmation mails per member per day", async () => {
    const user = await createMember({ password: PASSWORD });
    for (let i = 0; i < EMAIL_CHANGE_MAILS_PER_MEMBER.limit; i++) {
      expect(await request(user.userId, `poging${i}-${user.userId}@example.com`)).toMatchObject({ ok: true });
    }
    expect(await request(user.userId, `poging-extra-${user.userId}@example.com`)).toEqual({
      ok: false,
      error: "tooMany",
    });
  });
});

describe("notification preferences, invisible mode, language", () => {
  let userId: number;
  beforeEach(async () => {
    userId = (await createMember({ password: PASSWORD })).userId;
  });

  it("has the eight notification keys, all switched on for a new member", async () => {
    expect(NOTIFICATION_KEYS).toEqual([
      "new_conversations",
      "new_messages",
      "like",
      "unread_message_reminders",
      "promotions",
      "weekly_updates",
      "news",
      "reminders",
    ]);
    const settings = await loadSettings(userId, null);
    expect(Object.values(settings.notifications)).toEqual(Array(8).fill(true));
    for (const key of NOTIFICATION_KEYS) {
      expect(nl(`settings:notifications.keys.${key}`)).not.toContain("notifications.keys");
    }
  });

  it("stores the keys switched off, from the checkboxes of the form", async () => {
    const submission = parseWithZod(
      formData({ intent: "notifications", new_messages: "on", like: "on", news: "on" }),
      {
        schema: notificationsSchema,
      },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    await saveNotificationPreferences(userId, submission.value);
    const { emailNotificationsOff } = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: { emailNotificationsOff: true },
    });
    expect(emailNotificationsOff).toEqual([
      "new_conversations",
      "unread_message_reminders",
      "promotions",
      "weekly_updates",
      "reminders",
    ]);
    const { notifications } = await loadSettings(userId, null);
    expect(notifications).toEqual({
      new_conversations: false,
      new_messages: true,
      like: true,
      unread_message_reminders: false,
      promotions: false,
      weekly_updates: false,
      news: true,
      reminders: false,
    });
    // Every key can be switched off and on again.
    await saveNotificationPreferences(userId, {});
    expect((await loadSettings(userId, null)).notifications).toEqual(
      Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, false])),
    );
    await saveNotificationPreferences(userId, Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, true])));
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { emailNotificationsOff: true } }))
        .emailNotificationsOff,
    ).toEqual([]);
  });

  it("shows why mails are off and lets the member switch them on again", async () => {
    await db().user.update({
      where: { id: userId },
      data: { notificationsDisabled: ["fbl", "bounce", "listunsubscribe"] },
    });
    expect((await loadSettings(userId, null)).notificationsDisabled).toEqual([
      "fbl",
      "bounce",
      "listunsubscribe",
    ]);
    for (const reason of ["fbl", "bounce", "listunsubscribe"]) {
      expect(nl(`settings:notifications.disabled.${reason}`, { email: "x@example.com" })).not.toContain(
        "disabled.",
      );
    }
    // Resuming lifts the spam report and the unsubscribe; a bounce needs a new address.
    expect(await resumeMails(userId)).toBe(false);
    expect((await loadSettings(userId, null)).notificationsDisabled).toEqual(["bounce"]);
    expect(await resumeMails(userId)).toBe(false);
    expect((await loadSettings(userId, null)).notificationsDisabled).toEqual(["bounce"]);
    await db().user.update({ where: { id: userId }, data: { notificationsDisabled: ["listunsubscribe"] } });
    expect(await resumeMails(userId)).toBe(true);
    expect((await loadSettings(userId, null)).notificationsDisabled).toEqual([]);
  });

  it("switches invisible mode on and off", async () => {
    const on = parseWithZod(formData({ intent: "invisible", invisible: "on" }), { schema: invisibleSchema });
    const off = parseWithZod(formData({ intent: "invisible" }), { schema: invisibleSchema });
    expect(on.status === "success" && on.value.invisible).toBe(true);
    expect(off.status === "success" && off.value.invisible).toBe(false);
    await setInvisible(userId, true);
    expect((await loadSettings(userId, null)).invisible).toBe(true);
    await setInvisible(userId, false);
    expect((await loadSettings(userId, null)).invisible).toBe(false);
  });

  it("stores the language for the member and in the locale cookie", async () => {
    expect(
      parseWithZod(formData({ intent: "language", language: "xx" }), { schema: languageSchema }).status,
    ).toBe("error");
    const submission = parseWithZod(formData({ intent: "language", language: "de" }), {
      schema: languageSchema,
    });
    expect(submission.status).toBe("success");
    await saveUserLanguage(userId, "de");
    expect((await loadSettings(userId, null)).language).toBe("de");
    const cookie = cookieHeader(LOCALE_COOKIE, "de");
    expect(cookie).toMatch(/^i18n_redirected=de;/);
    expect(cookie).toContain("Max-Age=31536000");
  });

  it("lists the active sessions with device and last use, marking the current one", async () => {
    const current = await sessionFor(
      userId,
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    );
    await sessionFor(
      userId,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
    );
    const { sessions } = await loadSettings(userId, current);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ browser: "Chrome", os: "Linux" }),
    ]);
    expect(sessions.find((s) => !s.current)).toMatchObject({ browser: "Safari", os: "iOS" });
    expect(JSON.stringify(sessions)).not.toContain(current);
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
    expect(
      describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"),
    ).toEqual({
      browser: "Firefox",
      os: "Windows",
    });
  });
});
