import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, deleteDiscountFor, DELETION_GRACE_MS } from "~/domain/accounts/delete-account.server";
import { confirmEmailChange, requestEmailChange } from "~/domain/accounts/email-change.server";
import { isResetLinkValid, requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { resendActivation } from "~/domain/accounts/signup.server";
import { DELETE_REASONS } from "~/domain/accounts/delete-reasons";
import { deleteAccountSchema } from "~/domain/accounts/delete-account-schema";
import { eraseExpiredAccounts } from "~/domain/accounts/erase-accounts.server";
import { reactivateAccount, reactivationLinkWorks } from "~/domain/accounts/reactivate-account.server";
import { createSession, getSession } from "~/middleware/session.server";
import { COMPLAINT_CATEGORIES, COMPLAINT_LIMITS } from "~/domain/complaints/complaint-fields";
import { complaintSchema, type ComplaintInput } from "~/domain/complaints/complaint-schema";
import { listComplaints, setComplaintStatus, submitComplaint } from "~/domain/complaints/complaints.server";
import { COMPLAINTS_PER_IP } from "~/domain/abuse/limits";
import { sendMessage } from "~/domain/chat/send-message.server";
import { changeCredits } from "~/domain/credits/credits.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { ComplaintCategory, DeleteReason } from "~/generated/prisma/enums";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import { loader as staffLoader, action as staffAction } from "~/routes/staff.complaints";
import { loader as deleteLoader } from "~/routes/settings.delete";
import { loader as chatPhotoLoader } from "~/routes/chat-photos.$id.$size";
import ChatRoute, { loader as conversationLoader } from "~/routes/chats.$id";
import * as reactivateRoute from "~/routes/reactivate";
import { action as loginAction } from "~/routes/login";
import { verifyLogin } from "~/domain/accounts/login.server";
import { action as complaintsAction } from "~/routes/complaints";
import { seedBaseData } from "../../prisma/seed/base-data";
import { contextFor, createMember, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { post, runRoute, siteRequest } from "../fixtures/run-route";

const PASSWORD = "Goed-wachtwoord-1";
const ORIGIN = "http://hartklop.test";
const DAY = 24 * 3600_000;
/** The address an erased account keeps: unique, and never deliverable. */
const erasedEmail = (userId: number) => `erased-${userId}@invalid`;

let site: Site;
async function loginRequest(userId: number) {
  const cookie = await createSession(userId, new Request(`${ORIGIN}/login`));
  return new Request(`${ORIGIN}/`, { headers: { Cookie: cookie.split(";")[0]! } });
}

async function latestMail(to: string, template: string) {
  return db().mail.findFirst({
    where: { to, template },
    orderBy: { id: "desc" },
    select: { id: true, subject: true, text: true, html: true, userId: true },
  });
}

async function reactivationToken(email: string) {
  const mail = await latestMail(email, "reactivation");
  const match = /\/reactivate\?token=([\w-]+)/.exec(mail?.text ?? "");
  expect(match, "reactivation link in the mail").not.toBeNull();
  return match![1]!;
}

const remove = (userId: number, reason: DeleteReason = "found_someone", password = PASSWORD) =>
  deleteAccount({ userId, password, reason, remarks: "Bedankt!", site, origin: ORIGIN });

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a thrown response");
}

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

describe("deleting an account", () => {
  it("offers exactly the seven delete reasons", () => {
    expect([...DELETE_REASONS].sort()).toEqual(Object.values(DeleteReason).sort());
    expect(DELETE_REASONS).toEqual([
      "price",
      "found_someone",
      "not_looking",
      "site_problems",
      "no_members",
      "time",
      "other",
    ]);
  });

  it("validates the form with messages in the member's language", () => {
    const nl = deleteAccountSchema(translatorFor("nl"));
    const empty = nl.safeParse({});
    expect(empty.success).toBe(false);
    const messages = empty.error!.issues.map((i) => i.message);
    expect(messages).toContain("Kies een reden");
    expect(messages).toContain("Vul je wachtwoord in");
    expect(
      nl.safeParse({ reason: "price", password: "x", remarks: "a".repeat(2001) }).error!.issues[0]!.message,
    ).toBe("Je opmerkingen mogen maximaal 2000 tekens lang zijn");
    expect(nl.safeParse({ reason: "verveeld", password: "x" }).success).toBe(false);
    const de = translatorFor("de");
    const german = deleteAccountSchema(de)
      .safeParse({})
      .error!.issues.map((i) => i.message);
    expect(german).toContain(de("accountDelete:validation.reasonRequired"));
    expect(de("accountDelete:validation.passwordWrong")).not.toContain("accountDelete");
    expect(translatorFor("nl")("accountDelete:validation.passwordWrong")).toBe("Controleer je wachtwoord");
  });

  it("offers the company's delete discount only to members who never paid", async () => {
    expect(site.company.deleteDiscount).toBe(20);
    expect(deleteDiscountFor(site, { paidUser: false })).toBe(20);
    expect(deleteDiscountFor(site, { paidUser: true })).toBeNull();
    expect(deleteDiscountFor({ company: { deleteDiscount: 0 } }, { paidUser: false })).toBeNull();
    expect(translatorFor("nl")("accountDelete:discount", { percentage: 20 })).toContain("20% korting");
    // Visitors are sent to the login page first.
    const args = {
      request: new Request(`${ORIGIN}/settings/delete`),
      context: await contextFor(null, site),
      params: {},
    };
    const visitor = await thrown(() => deleteLoader(args as unknown as Parameters<typeof deleteLoader>[0]));
    expect((visitor as Response).status).toBe(302);
    expect((visitor as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fsettings%2Fdelete");
  });

  it("refuses a wrong password and changes nothing", async () => {
    const member = await createMember({ password: PASSWORD });
    expect(await remove(member.userId, "price", "fout-wachtwoord")).toEqual({
      ok: false,
      error: "passwordWrong",
    });
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { status: true, profile: { select: { status: true } } },
    });
    expect(user).toEqual({ status: "confirmed", profile: { status: "active" } });
    expect(await latestMail(member.email, "reactivation")).toBeNull();
  });

  it("stops guessing passwords after ten tries an hour", async () => {
    const member = await createMember({ password: PASSWORD });
    for (let i = 0; i < 10; i++)
      expect(await remove(member.userId, "price", `fout${i}`)).toMatchObject({ error: "passwordWrong" });
    expect(await remove(member.userId)).toEqual({ ok: false, error: "tooManyAttempts" });
  });

  it("hides the profile at once, ends every session and mails a reactivation link", async () => {
    const member = await createMember({ password: PASSWORD });
    const first = await loginRequest(member.userId);
    const second = await loginRequest(member.userId);
    expect(await getSession(first, site.id)).not.toBeNull();

    expect(await remove(member.userId, "found_someone")).toEqual({ ok: true });

    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: {
        status: true,
        deletedAt: true,
        deleteReason: true,
        deleteRemarks: true,
        profile: { select: { status: true } },
      },
    });
    expect(user.status).toBe("deleted");
    expect(Date.now() - user.deletedAt!.getTime()).toBeLessThan(60_000);
    expect(user.deleteReason).toBe("found_someone");
    expect(user.deleteRemarks).toBe("Bedankt!");
    expect(user.profile?.status).toBe("disabled");
    expect(await getSession(first, site.id)).toBeNull();
    expect(await getSession(second, site.id)).toBeNull();
    expect(await db().session.count({ where: { userId: member.userId } })).toBe(0);

    const mail = await latestMail(member.email, "reactivation");
    expect(mail?.userId).toBe(member.userId);
    expect(mail?.subject).toBe("Je account bij Hartklop is verwijderd");
    expect(mail?.text).toContain(`${ORIGIN}/reactivate?token=`);
    const verification = await db().verification.findFirstOrThrow({
      where: { userId: member.userId, type: "reactivation" },
      select: { expiresAt: true, target: true },
    });
    expect(verification.target).toBe(member.email);
    expect(Math.abs(verification.expiresAt.getTime() - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    // A deleted account cannot be deleted again.
    expect(await remove(member.userId)).toEqual({ ok: false, error: "passwordWrong" });
  });

  it("reactivates within 14 days, once", async () => {
    const member = await createMember({ password: PASSWORD });
    await remove(member.userId);
    const token = await reactivationToken(member.email);

    expect(await reactivateAccount("not-a-token")).toEqual({ ok: false });
    expect(await reactivateAccount(token)).toEqual({ ok: true, userId: member.userId });
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { status: true, deletedAt: true, profile: { select: { status: true } } },
    });
    expect(user).toEqual({ status: "confirmed", deletedAt: null, profile: { status: "active" } });
    expect(await reactivateAccount(token)).toEqual({ ok: false });
  });

  it("asks first: opening the link changes nothing (a mail scanner may open it), the button reactivates and logs in", async () => {
    const member = await createMember({ password: PASSWORD });
    await remove(member.userId);
    const token = await reactivationToken(member.email);
    const account = () =>
      db().user.findUniqueOrThrow({
        where: { id: member.userId },
        select: { status: true, _count: { select: { sessions: true } } },
      });
    const open = async (link: string) => runRoute(await siteRequest(link, null), reactivateRoute.loader);
    const confirm = async (fields: Record<string, string>) =>
      runRoute(await siteRequest("/reactivate", null, { form: fields }), reactivateRoute.action);

    expect(await open(`/reactivate?token=${token}`)).toMatchObject({ status: 200, body: { token } });
    expect(await open(`/reactivate?token=${token}`)).toMatchObject({ status: 200, body: { token } });
    expect(await account()).toEqual({ status: "deleted", _count: { sessions: 0 } });
    expect((await open("/reactivate?token=made-up")).location).toBe("/account-deleted?error=link");
    expect(await confirm({ token: "made-up" })).toMatchObject({ status: 400, body: { failed: true } });

    expect((await confirm({ token })).location).toBe("/settings?saved=reactivated");
    expect(await account()).toEqual({ status: "confirmed", _count: { sessions: 1 } });
    // Used up: the link and the button lead to the error.
    expect((await open(`/reactivate?token=${token}`)).location).toBe("/account-deleted?error=link");
    expect(await confirm({ token })).toMatchObject({ status: 400, body: { failed: true } });
  });

  it("voids pending password-reset, e-mail-change and activation links: a reactivation does not bring them back", async () => {
    const member = await createMember({ password: PASSWORD });
    const linkIn = async (to: string, template: string, path: string) => {
      const text = (await latestMail(to, template))?.text ?? "";
      const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text);
      expect(match, `${template} link in the mail`).not.toBeNull();
      return match![1]!;
    };
    // Requested before the deletion, perhaps by someone else with the session.
    expect(
      await requestEmailChange({
        site,
        userId: member.userId,
        password: PASSWORD,
        newEmail: "indringer@example.com",
        origin: ORIGIN,
      }),
    ).toMatchObject({ ok: true });
    const changeToken = await linkIn("indringer@example.com", "changeEmail", "/mail-change/do");
    expect(
      await requestPasswordReset({ site, email: member.email, origin: ORIGIN, ip: "198.51.100.90" }),
    ).toEqual({ ok: true });
    const resetToken = await linkIn(member.email, "resetPassword", "/reset-password/do");
    await db().user.update({ where: { id: member.userId }, data: { status: "not_confirmed" } });
    expect(await resendActivation(member.userId, site, ORIGIN, "198.51.100.90")).toMatchObject({ ok: true });

    expect(await remove(member.userId)).toEqual({ ok: true });
    expect(
      await db().verification.count({
        where: { userId: member.userId, type: { not: "reactivation" }, usedAt: null },
      }),
    ).toBe(0);
    expect(await reactivateAccount(await reactivationToken(member.email))).toMatchObject({ ok: true });

    expect(await confirmEmailChange(changeToken)).toEqual({ ok: false, error: "invalidLink" });
    expect(await isResetLinkValid(resetToken)).toBe(false);
    const user = await db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { email: true } });
    expect(user.email).toBe(member.email);
  });

  it("does not reactivate after the grace period", async () => {
    const member = await createMember({ password: PASSWORD });
    await remove(member.userId);
    const token = await reactivationToken(member.email);
    // The link expired with the grace period.
    await db().user.update({
      where: { id: member.userId },
      data: { deletedAt: new Date(Date.now() - 15 * DAY) },
    });
    await db().verification.updateMany({
      where: { userId: member.userId, type: "reactivation" },
      data: { expiresAt: new Date(Date.now() - DAY) },
    });
    expect(await reactivateAccount(token)).toEqual({ ok: false });

    // Even a link that is somehow still valid does not bring back an account past its grace period.
    const other = await createMember({ password: PASSWORD });
    await remove(other.userId);
    const otherToken = await reactivationToken(other.email);
    await db().user.update({
      where: { id: other.userId },
      data: { deletedAt: new Date(Date.now() - DELETION_GRACE_MS - 1000) },
    });
    expect(await reactivationLinkWorks(otherToken)).toBe(false);
    expect(await reactivateAccount(otherToken)).toEqual({ ok: false });
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: other.userId }, select: { status: true } })).status,
    ).toBe("deleted");
  });
});

describe("logging in to a deleted account", () => {
  type LoginAnswer = { status?: string; error?: Record<string, string[]>; deleted?: Record<string, unknown> };
  const logIn = (email: string, password: string) =>
    post<LoginAnswer>("/login", null, { email, password, redirectTo: "/" }, loginAction);
  const reactivationMails = (email: string) =>
    db().mail.count({ where: { to: email, template: "reactivation" } });

  it("with the right password says when it was deleted and until when, and mails a new link that works", async () => {
    const member = await createMember({ password: PASSWORD });
    expect(await remove(member.userId)).toEqual({ ok: true });
    const deletedAt = new Date(Date.now() - 3 * DAY);
    await db().user.update({ where: { id: member.userId }, data: { deletedAt } });
    const outcome = await logIn(member.email, PASSWORD);
    expect(outcome.status).toBe(200);
    expect(outcome.location).toBeNull();
    const date = new Intl.DateTimeFormat("nl", { dateStyle: "long", timeZone: site.timeZone });
    const deleted = {
      deletedOn: date.format(deletedAt),
      restorableUntil: date.format(new Date(deletedAt.getTime() + DELETION_GRACE_MS)),
      mailed: true,
    };
    expect(outcome.body!.deleted).toEqual(deleted);
    expect(outcome.body!.error).toBeUndefined();
    expect(translatorFor("nl")("accounts:login.deleted", deleted)).toBe(
      `Je hebt dit account op ${deleted.deletedOn} verwijderd. Tot ${deleted.restorableUntil} kun je het terugzetten.`,
    );
    expect(await reactivationMails(member.email)).toBe(2);
    const fresh = await reactivationToken(member.email);
    expect(await reactivateAccount(fresh)).toEqual({ ok: true, userId: member.userId });
    expect(await verifyLogin({ site, email: member.email, password: PASSWORD, ip: "10.7.0.1" })).toEqual({
      ok: true,
      userId: member.userId,
    });
  });

  it("mails at most three links an hour, then points to the mails sent", async () => {
    const member = await createMember({ password: PASSWORD });
    await remove(member.userId);
    for (let i = 0; i < 3; i++)
      expect((await logIn(member.email, PASSWORD)).body!.deleted).toMatchObject({ mailed: true });
    expect((await logIn(member.email, PASSWORD)).body!.deleted).toMatchObject({ mailed: false });
    // The one from the deletion and three from logging in.
    expect(await reactivationMails(member.email)).toBe(4);
  });

  it("with a wrong password fails as any login, telling nothing and mailing nothing", async () => {
    const member = await createMember({ password: PASSWORD });
    await remove(member.userId);
    const outcome = await logIn(member.email, "fout-wachtwoord-1");
    expect(outcome.status).toBe(400);
    expect(outcome.body!.deleted).toBeUndefined();
    expect(JSON.stringify(outcome.body!.error)).toContain("Login mislukt");
    expect(await reactivationMails(member.email)).toBe(1);
  });

  it("fails as any login once the grace is over or the account is erased", async () => {
    const late = await createMember({ password: PASSWORD });
    await remove(late.userId);
    await db().user.update({
      where: { id: late.userId },
      data: { deletedAt: new Date(Date.now() - DELETION_GRACE_MS - DAY) },
    });
    const erased = await createMember({ password: PASSWORD });
    await remove(erased.userId);
    // Erasure replaces the address and the password too; this keeps them to show the rule alone holds.
    await db().user.update({ where: { id: erased.userId }, data: { erasedAt: new Date() } });
    for (const member of [late, erased]) {
      const outcome = await logIn(member.email, PASSWORD);
      expect(outcome.status).toBe(400);
      expect(outcome.body!.deleted).toBeUndefined();
      expect(JSON.stringify(outcome.body!.error)).toContain("Login mislukt");
      expect(await reactivationMails(member.email)).toBe(1);
    }
  });
});

describe("erasing deleted accounts", () => {
  it("erases personal data after 14 days and keeps the user row and the credit ledger", async () => {
    const expired = await createMember({ password: PASSWORD, interests: ["music", "hiking"], photos: [{}] });
    const recent = await createMember({ password: PASSWORD });
    // Signup details the erasure must clear.
    await db().user.update({
      where: { id: expired.userId },
      data: {
        network: "netwerk",
        ref: "ref1",
        sub1: "a",
        sub2: "b",
        sub3: "c",
        signupIp: "192.0.2.1",
        signupMessage: "Hallo allemaal",
      },
    });
    await changeCredits({
      userId: expired.userId,
      delta: 20,
      reason: "signup_bonus",
      reference: `signup:${expired.userId}`,
    });
    await remove(expired.userId);
    await remove(recent.userId);
    const token = await reactivationToken(expired.email);
    await db().user.update({
      where: { id: expired.userId },
      data: { deletedAt: new Date(Date.now() - 14 * DAY - 60_000) },
    });
    await db().user.update({
      where: { id: recent.userId },
      data: { deletedAt: new Date(Date.now() - 13 * DAY) },
    });
    await db().session.create({
      data: {
        id: `left-over-${expired.userId}`,
        userId: expired.userId,
        expiresAt: new Date(Date.now() + DAY),
      },
    });
    await db().loginAttempt.create({ data: { userId: expired.userId, ip: "192.0.2.9" } });
    const complaint = await db().complaint.create({
      data: {
        siteId: site.id,
        name: "Mijn naam",
        email: expired.email,
        category: "spam",
        description: "Een klacht die blijft staan.",
      },
      select: { id: true },
    });
    const photoFiles = await db().photo.findMany({
      where: { profileId: expired.profileId },
      select: { filename: true, thumbFilename: true },
    });
    const keys = photoFiles.flatMap((p) => [p.filename, p.thumbFilename]);
    for (const key of keys) await fileStorage().write(key, Buffer.from("photo"));

    const erased = await eraseExpiredAccounts();
    for (const key of keys) expect(await fileStorage().exists(key)).toBe(false);
    expect(
      await db().complaint.findUniqueOrThrow({
        where: { id: complaint.id },
        select: { name: true, email: true, description: true },
      }),
    ).toEqual({ name: "", email: erasedEmail(expired.userId), description: "Een klacht die blijft staan." });
    expect(erased).toBeGreaterThanOrEqual(1);

    const user = await db().user.findUniqueOrThrow({
      where: { id: expired.userId },
      select: {
        email: true,
        passwordHash: true,
        status: true,
        network: true,
        ref: true,
        sub1: true,
        sub2: true,
        sub3: true,
        signupIp: true,
        signupMessage: true,
        deleteReason: true,
        deleteRemarks: true,
        erasedAt: true,
        credits: true,
        profile: { select: { id: true } },
      },
    });
    expect(user).toMatchObject({
      email: erasedEmail(expired.userId),
      passwordHash: null,
      status: "deleted",
      network: null,
      ref: null,
      sub1: null,
      sub2: null,
      sub3: null,
      signupIp: null,
      signupMessage: null,
      deleteReason: "found_someone",
      deleteRemarks: null,
      credits: 20,
      profile: null,
    });
    expect(user.erasedAt).not.toBeNull();
    expect(await db().profileInterest.count({ where: { profileId: expired.profileId } })).toBe(0);
    expect(await db().photo.count({ where: { profileId: expired.profileId } })).toBe(0);
    expect(await db().session.count({ where: { userId: expired.userId } })).toBe(0);
    expect(await db().verification.count({ where: { userId: expired.userId } })).toBe(0);
    expect(await db().loginAttempt.count({ where: { userId: expired.userId } })).toBe(0);
    expect(
      await db().mail.count({ where: { OR: [{ userId: expired.userId }, { to: expired.email }] } }),
    ).toBe(0);
    expect(await db().creditLedgerEntry.count({ where: { userId: expired.userId } })).toBe(1);
    expect(await reactivateAccount(token)).toEqual({ ok: false });

    // Still within its grace period: untouched.
    const kept = await db().user.findUniqueOrThrow({
      where: { id: recent.userId },
      select: { email: true, erasedAt: true, profile: { select: { status: true } } },
    });
    expect(kept).toEqual({ email: recent.email, erasedAt: null, profile: { status: "disabled" } });

    // Nothing left to do on the next run.
    expect(await eraseExpiredAccounts()).toBe(0);
  });

  it("removes an erased member's chat texts and photos; the partner keeps the conversation with placeholders", async () => {
    const erased = await createMember({ password: PASSWORD });
    const partner = await createMember({ gender: "male" });
    for (const member of [erased, partner]) {
      await changeCredits({
        userId: member.userId,
        delta: 200,
        reason: "correction",
        reference: `test:erase-chat:${member.userId}`,
      });
    }
    const send = async (from: Member, content: Parameters<typeof sendMessage>[0]["content"]) => {
      const sent = await sendMessage({
        senderId: from.userId,
        site,
        to: { profileId: (from === erased ? partner : erased).profileId },
        content,
      });
      if (!sent.ok) throw new Error(sent.error);
      return sent;
    };
    const chatPhoto = async (owner: Member) => {
      const base = `chat-photos/${owner.userId}/erase-test-${owner.userId}`;
      const row = await db().chatPhoto.create({
        data: {
          ownerId: owner.userId,
          filename: `${base}.webp`,
          thumbFilename: `${base}-thumb.webp`,
          width: 1,
          height: 1,
        },
        select: { id: true, filename: true, thumbFilename: true },
      });
      await fileStorage().write(row.filename, Buffer.from("large"));
      await fileStorage().write(row.thumbFilename, Buffer.from("thumb"));
      return row;
    };
    const { conversationId } = await send(erased, { kind: "text", body: "Mijn geheime tekst" });
    const photo = await chatPhoto(erased);
    await send(erased, { kind: "photo", chatPhotoId: photo.id });
    const rose = await db().gift.findFirstOrThrow({ where: { siteId: site.id, code: "rose" } });
    await send(erased, { kind: "gift", giftId: rose.id });
    const partnerPhoto = await chatPhoto(partner);
    await send(partner, { kind: "photo", chatPhotoId: partnerPhoto.id });
    await send(partner, { kind: "text", body: "Antwoord van de partner" });
    await send(erased, { kind: "text", body: "Nog een geheim" });
    const messagesBefore = await db().message.findMany({
      where: { conversationId },
      orderBy: { id: "asc" },
      select: { id: true, senderId: true, kind: true, giftId: true, credits: true },
    });
    const ledgerBefore = await db().creditLedgerEntry.findMany({
      where: { userId: { in: [erased.userId, partner.userId] } },
      orderBy: { id: "asc" },
    });
    const partnerSees = async (chatPhotoId: number) =>
      runRoute(await siteRequest(`/chat-photos/${chatPhotoId}/thumb`, partner.userId), chatPhotoLoader, {
        id: String(chatPhotoId),
        size: "thumb",
      });
    expect((await partnerSees(photo.id)).status).toBe(200);

    await remove(erased.userId);
    await db().user.update({
      where: { id: erased.userId },
      data: { deletedAt: new Date(Date.now() - 14 * DAY - 60_000) },
    });
    await eraseExpiredAccounts();

    // The erased member's photo is gone (row and both files), the partner's stays.
    expect(await db().chatPhoto.count({ where: { ownerId: erased.userId } })).toBe(0);
    expect(await fileStorage().exists(photo.filename)).toBe(false);
    expect(await fileStorage().exists(photo.thumbFilename)).toBe(false);
    expect(await fileStorage().exists(partnerPhoto.thumbFilename)).toBe(true);
    expect((await partnerSees(photo.id)).status).toBe(404);
    expect((await partnerSees(partnerPhoto.id)).status).toBe(200);
    // Every message keeps its place, kind, gift and price; the erased member's texts are blank.
    const messagesAfter = await db().message.findMany({
      where: { conversationId },
      orderBy: { id: "asc" },
      select: {
        id: true,
        senderId: true,
        kind: true,
        giftId: true,
        credits: true,
        body: true,
        chatPhotoId: true,
      },
    });
    expect(messagesAfter.map(({ body: _, chatPhotoId: __, ...m }) => m)).toEqual(messagesBefore);
    expect(messagesAfter.map((m) => [m.body, m.chatPhotoId])).toEqual([
      ["", null],
      ["", null],
      ["", null],
      ["", partnerPhoto.id],
      ["Antwoord van de partner", null],
      ["", null],
    ]);
    // Money records stay as they were.
    expect(
      await db().creditLedgerEntry.findMany({
        where: { userId: { in: [erased.userId, partner.userId] } },
        orderBy: { id: "asc" },
      }),
    ).toEqual(ledgerBefore);

    // The partner's conversation: a neutral placeholder where the text and the photo were.
    const outcome = await runRoute(
      await siteRequest(`/chats/${conversationId}`, partner.userId),
      conversationLoader,
      { id: String(conversationId) },
    );
    expect(outcome.status).toBe(200);
    const { html, text } = renderRoute({
      Component: ChatRoute,
      path: "/chats/:id",
      url: `/chats/${conversationId}`,
      loaderData: outcome.body,
    });
    expect(html.match(/data-testid="message-removed"/g)).toHaveLength(3);
    expect(text.split("Bericht verwijderd")).toHaveLength(4);
    expect(text).not.toContain("geheim");
    expect(html).not.toContain(`/chat-photos/${photo.id}/`);
    expect(html).toContain(`/chat-photos/${partnerPhoto.id}/thumb`);
    expect(text).toContain("Antwoord van de partner");
    expect(html).toMatch(/<img [^>]*src="\/gifts\/rose\.svg"/);
  });

  it("runs as a daily schedule", async () => {
    const { SCHEDULES, startScheduledJobs } = await import("../../server/scheduled-jobs");
    expect(SCHEDULES).toEqual({
      "erase-deleted-accounts": "17 3 * * *",
      "expire-data-exports": "11 * * * *",
      "inactivity-reminders": "29 * * * *",
      maintenance: "43 3 * * *",
      "reconcile-payments": "*/5 * * * *",
      "weekly-updates": "7 9 * * *",
    });
    await startScheduledJobs();
    const { jobs } = await import("~/lib/jobs.server");
    const schedules = await (await jobs()).getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      ["erase-deleted-accounts", "17 3 * * *"],
      ["expire-data-exports", "11 * * * *"],
      ["inactivity-reminders", "29 * * * *"],
      ["maintenance", "43 3 * * *"],
      ["reconcile-payments", "*/5 * * * *"],
      ["weekly-updates", "7 9 * * *"],
    ]);
  });
});

describe("complaints", () => {
  const complaint = (overrides: Partial<ComplaintInput> = {}): ComplaintInput => ({
    name: "Jan Jansen",
    email: "jan@example.com",
    member: "12345",
    message: "",
    category: "fake_profile",
    description: "Dit profiel gebruikt foto's van iemand anders.",
    ...overrides,
  });
  const submit = (ip: string, overrides: Partial<ComplaintInput> = {}, honeypotFilled = false) =>
    submitComplaint({ complaint: complaint(overrides), site, ip, language: "nl", honeypotFilled });

  it("offers every complaint category", () => {
    expect([...COMPLAINT_CATEGORIES].sort()).toEqual(Object.values(ComplaintCategory).sort());
  });

  it("validates the form with messages in nl and other languages", () => {
    const nl = complaintSchema(translatorFor("nl"));
    const issues = (input: Record<string, unknown>) =>
      Object.fromEntries(nl.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(issues({})).toEqual({
      name: "Vul je naam in",
      email: "Vul je e-mailadres in",
      category: "Kies een soort klacht",
      description: "Beschrijf je klacht",
    });
    expect(
      issues({ name: "Jan", email: "geen-email", category: "spam", description: "   te kort          " }),
    ).toEqual({ email: "Ongeldige e-mail", description: "Beschrijf je klacht in minimaal 20 tekens" });
    expect(issues({ ...complaint(), description: "x".repeat(5001) })).toEqual({
      description: "Je omschrijving mag maximaal 5000 tekens lang zijn",
    });
    expect(issues({ ...complaint(), category: "boos" })).toEqual({ category: "Kies een soort klacht" });
    const parsed = nl.parse({
      ...complaint(),
      email: "  Jan@Example.COM ",
      description: "  " + "a".repeat(20) + "  ",
    });
    expect(parsed.email).toBe("jan@example.com");
    expect(parsed.description).toBe("a".repeat(20));
    const de = translatorFor("de");
    const german = complaintSchema(de).safeParse({ ...complaint(), description: "kort" });
    expect(german.error!.issues[0]!.message).toBe(
      de("complaints:validation.descriptionTooShort", { min: 20 }),
    );
    expect(german.error!.issues[0]!.message).not.toContain("complaints:");
  });

  it("stores a complaint and acknowledges it by mail", async () => {
    const result = await submit("198.51.100.1", { email: "melder@example.com", message: "bericht 77" });
    expect(result).toMatchObject({ ok: true });
    const stored = await db().complaint.findUniqueOrThrow({
      where: { id: (result as { complaintId: number }).complaintId },
      select: {
        siteId: true,
        name: true,
        email: true,
        memberRef: true,
        messageRef: true,
        category: true,
        status: true,
      },
    });
    expect(stored).toEqual({
      siteId: site.id,
      name: "Jan Jansen",
      email: "melder@example.com",
      memberRef: "12345",
      messageRef: "bericht 77",
      category: "fake_profile",
      status: "open",
    });
    const mail = await latestMail("melder@example.com", "complaintReceived");
    expect(mail?.subject).toBe("We hebben je klacht ontvangen");
    // Whoever typed the address also typed the name: the mail greets without it.
    expect(mail?.text.startsWith("Hallo,\n")).toBe(true);
    expect(mail?.text).not.toContain("Jan Jansen");
    expect(mail?.html).not.toContain("Jan Jansen");
    expect(mail?.html).not.toContain("<a href");
  });

  it("refuses a name with a link, web address or e-mail address, and mails nothing", async () => {
    const nl = translatorFor("nl");
    const nameError = (name: string) =>
      complaintSchema(nl)
        .safeParse(complaint({ name }))
        .error?.issues.map((i) => i.message);
    for (const name of [
      "Win een prijs op https://x",
      "www.prijs",
      "bit.ly/abc",
      "jan@elders.nl",
      "prijs.nl",
    ]) {
      expect(nameError(name), name).toEqual(["Je naam mag geen link, webadres of e-mailadres bevatten"]);
    }
    expect(nameError("J. de Vries")).toBeUndefined();
    const email = "doelwit@example.com";
    const outcome = await runRoute<{ error: Record<string, string[]> }>(
      await siteRequest("/complaints", null, {
        form: { ...complaint({ email, name: "Uw prijs staat klaar op hartklop-prijs.com" }) } as never,
        headers: { [CLIENT_IP_HEADER]: "198.51.100.10" },
      }),
      complaintsAction as never,
    );
    expect(outcome.status).toBe(400);
    expect(outcome.body?.error.name).toEqual([nl("complaints:validation.nameLink")]);
    expect(await db().complaint.count({ where: { email } })).toBe(0);
    expect(await latestMail(email, "complaintReceived")).toBeNull();
  });

  it("takes a description of the textarea's full length with line breaks (sent as CRLF)", async () => {
    const email = "regels@example.com";
    const paragraph = "Dit profiel stuurt steeds dezelfde tekst.".padEnd(99, ".");
    // What the textarea held: the maximum as maxLength counts it, one character per line break.
    const description = `${Array.from({ length: 50 }, () => paragraph).join("\n")}!`;
    expect(description.length).toBe(COMPLAINT_LIMITS.descriptionMax);
    const outcome = await runRoute(
      await siteRequest("/complaints", null, {
        form: { ...complaint({ email }), description: description.replace(/\n/g, "\r\n") } as never,
        headers: { [CLIENT_IP_HEADER]: "198.51.100.9" },
      }),
      complaintsAction as never,
    );
    expect(outcome).toMatchObject({ status: 302, location: "/complaints?sent=1" });
    const stored = await db().complaint.findFirstOrThrow({ where: { email }, select: { description: true } });
    expect(stored.description).toBe(description);
  });

  it("refuses a filled honeypot without storing anything", async () => {
    const before = await db().complaint.count();
    expect(await submit("198.51.100.2", { email: "bot@example.com" }, true)).toEqual({
      ok: false,
      error: "rejected",
    });
    expect(await db().complaint.count()).toBe(before);
    expect(await latestMail("bot@example.com", "complaintReceived")).toBeNull();
    expect(translatorFor("nl")("complaints:validation.rejected")).toBe(
      "Er is een fout opgetreden, probeer het later opnieuw.",
    );
  });

  it("limits complaints per IP", async () => {
    for (let i = 0; i < COMPLAINTS_PER_IP.limit; i++) {
      expect(await submit("198.51.100.3")).toMatchObject({ ok: true });
    }
    expect(await submit("198.51.100.3", { email: "zesde@example.com" })).toEqual({
      ok: false,
      error: "rateLimited",
    });
    expect(await latestMail("zesde@example.com", "complaintReceived")).toBeNull();
    expect(await submit("198.51.100.4")).toMatchObject({ ok: true });
    expect(translatorFor("nl")("complaints:validation.rateLimited")).toContain("over een uur");
  });

  it("lists complaints for staff newest first, 50 a page, and changes their status", async () => {
    const STAFF_PAGE_SIZE = 50;
    await db().complaint.deleteMany();
    const base = Date.now() - 1000 * DAY;
    await db().complaint.createMany({
      data: Array.from({ length: STAFF_PAGE_SIZE + 5 }, (_, i) => ({
        siteId: site.id,
        name: `Melder ${i}`,
        email: `melder${i}@example.com`,
        category: "spam" as const,
        description: `Klacht nummer ${i} met genoeg tekst.`,
        createdAt: new Date(base + i * 60_000),
      })),
    });
    const first = await listComplaints(site.id, 1);
    expect(first).toMatchObject({ total: STAFF_PAGE_SIZE + 5, open: STAFF_PAGE_SIZE + 5, page: 1, pages: 2 });
    expect(first.complaints).toHaveLength(STAFF_PAGE_SIZE);
    expect(first.complaints[0]!.name).toBe(`Melder ${STAFF_PAGE_SIZE + 4}`);
    expect(first.complaints[0]!.siteName).toBe("Hartklop");
    const dates = first.complaints.map((c) => c.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await listComplaints(site.id, 2);
    expect(second.complaints.map((c) => c.name)).toEqual([4, 3, 2, 1, 0].map((i) => `Melder ${i}`));
    expect((await listComplaints(site.id, 0)).page).toBe(1);

    const id = first.complaints[0]!.id;
    const staff = { id: (await createMember({ role: "admin" })).userId, siteId: site.id };
    expect(await setComplaintStatus(staff, id, "handled")).toBe(true);
    let row = await db().complaint.findUniqueOrThrow({
      where: { id },
      select: { status: true, handledAt: true },
    });
    expect(row.status).toBe("handled");
    expect(row.handledAt).not.toBeNull();
    expect((await listComplaints(site.id, 1)).open).toBe(STAFF_PAGE_SIZE + 4);
    expect(await setComplaintStatus(staff, id, "open")).toBe(true);
    row = await db().complaint.findUniqueOrThrow({
      where: { id },
      select: { status: true, handledAt: true },
    });
    expect(row).toEqual({ status: "open", handledAt: null });
    expect(await setComplaintStatus(staff, 999_999, "handled")).toBe(false);

    // Another site's staff neither see nor change this site's complaints.
    const other = await db().site.findFirstOrThrow({ where: { id: { not: site.id } }, select: { id: true } });
    expect(await listComplaints(other.id, 1)).toMatchObject({ total: 0, open: 0, complaints: [] });
    const outsider = await createMember({ role: "admin", siteId: other.id });
    expect(await setComplaintStatus({ id: outsider.userId, siteId: other.id }, id, "handled")).toBe(false);
  });

  it("shows the staff page to staff only: members get 404, visitors the login page", async () => {
    const member = await createMember();
    const request = await loginRequest(member.userId);
    const args = async (req: Request, viewer: Member | null) =>
      ({ request: req, context: await contextFor(viewer, site), params: {} }) as unknown as Parameters<
        typeof staffLoader
      >[0];

    const asMember = await thrown(async () => staffLoader(await args(request, member)));
    expect((asMember as { init?: { status?: number } }).init?.status).toBe(404);
    const open = await db().complaint.findFirstOrThrow({ where: { status: "open" }, select: { id: true } });
    const post = new Request(`${ORIGIN}/staff/complaints`, {
      method: "POST",
      headers: { Cookie: request.headers.get("Cookie")! },
      body: new URLSearchParams({ intent: "handle", complaintId: String(open.id) }),
    });
    const postAsMember = await thrown(async () => staffAction(await args(post, member)));
    expect((postAsMember as { init?: { status?: number } }).init?.status).toBe(404);
    expect(
      (await db().complaint.findUniqueOrThrow({ where: { id: open.id }, select: { status: true } })).status,
    ).toBe("open");

    const visitor = await thrown(async () =>
      staffLoader(await args(new Request(`${ORIGIN}/staff/complaints`), null)),
    );
    expect((visitor as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fstaff%2Fcomplaints");

    await db().user.update({ where: { id: member.userId }, data: { role: "admin" } });
    const staffPost = new Request(`${ORIGIN}/staff/complaints`, {
      method: "POST",
      headers: { Cookie: request.headers.get("Cookie")! },
      body: new URLSearchParams({ intent: "handle", complaintId: String(open.id), page: "2" }),
    });
    const response = await staffAction(await args(staffPost, member));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/staff/complaints?page=2");
    expect(
      (await db().complaint.findUniqueOrThrow({ where: { id: open.id }, select: { status: true } })).status,
    ).toBe("handled");
  });
});

describe("message reports stored before the evidence had its own column", () => {
  it("are split by their migration: the note as the description, the rest as the old text", async () => {
    const sql = readFileSync(
      path.resolve(
        import.meta.dirname,
        "../../prisma/migrations/20261204194750_complaint_evidence/migration.sql",
      ),
      "utf8",
    );
    // The migration's statement for existing rows, run again on rows written the old way.
    const split = sql.slice(sql.indexOf("WITH split AS"));
    const separator = "\n\n----------\n";
    const summary = [
      "Melding van een ontvangen chatbericht.",
      "Gesprek: 5",
      "Melder: gebruiker 1 (profiel 2)",
      "Afzender: gebruiker 3 (profiel 4)",
      "Gemeld bericht: 9",
      "» #9 · 2026-11-01 10:00:00 UTC · gebruiker 3 · tekst: Hallo ⏎ daar",
    ].join("\n");
    const history = [
      "Laatste 2 berichten van het gesprek, oudste eerst (» = het gemelde bericht):",
      "  #8 · 2026-11-01 09:59:00 UTC · gebruiker 1 · tekst: Hoi",
      "» #9 · 2026-11-01 10:00:00 UTC · gebruiker 3 · tekst: Hallo ⏎ daar",
    ].join("\n");
    // A note that imitated the evidence, as the old format allowed.
    const note = `Zie hieronder.${separator}» #1 · gebruiker 3 · tekst: verzonnen`;
    const row = (description: string, isMessageReport = true) =>
      db().complaint.create({
        data: {
          siteId: site.id,
          name: "Melder",
          email: "melder@example.com",
          category: "harassment",
          description,
          isMessageReport,
        },
        select: { id: true },
      });
    const withNote = await row(`${summary}\n\nToelichting van de melder: ${note}${separator}${history}`);
    const withoutNote = await row(`${summary}${separator}${history}`);
    const typed = await row(`Getypt${separator}in het formulier`, false);

    await db().$executeRawUnsafe(split);
    const stored = async ({ id }: { id: number }) =>
      db().complaint.findUniqueOrThrow({ where: { id }, select: { description: true, evidence: true } });
    expect(await stored(withNote)).toEqual({
      description: note,
      evidence: { legacy: `${summary}\n\n${history}` },
    });
    expect(await stored(withoutNote)).toEqual({
      description: "",
      evidence: { legacy: `${summary}\n\n${history}` },
    });
    expect(await stored(typed)).toEqual({
      description: `Getypt${separator}in het formulier`,
      evidence: null,
    });
  });
});
