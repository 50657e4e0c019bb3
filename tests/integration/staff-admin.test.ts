// The admins' back office against the real database and the Mollie simulator: discount codes made on
// /staff/discount-codes and enforced by the checkout's own validation (every rule, the total-uses
// limit under concurrent checkouts, uses and revenue on the list), the staff action log with its
// filters and CSV, and staff accounts (invitations, roles, revocation, no self-demotion, the login
// lock for staff). Everything stays within the admin's own site.
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseOffer } from "~/domain/payments/purchase-offer.server";
import { recordStaffAction } from "~/domain/staff/staff-actions.server";
import { db } from "~/lib/db.server";
import * as checkout from "~/routes/credits.$id";
import * as login from "~/routes/login";
import * as resetDo from "~/routes/reset-password.do";
import * as actionsPage from "~/routes/staff.actions";
import * as codesPage from "~/routes/staff.discount-codes";
import * as teamPage from "~/routes/staff.team";
import { seedBaseData } from "../../prisma/seed/base-data";
import { errorsOf } from "../fixtures/form-errors";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { buy, buyer, eurPackage } from "../fixtures/purchases";
import { nextIp, post, runRoute, siteRequest } from "../fixtures/run-route";

let siteId: number;
let otherSiteId: number;
let admin: Member;

beforeAll(async () => {
  const sites = await seedBaseData(db());
  siteId = sites.nl;
  otherSiteId = sites.de;
  admin = await createMember({ role: "admin" });
});

routeSimulatorWebhooks();

let counter = 0;
const uniqueCode = (prefix: string) => `${prefix}${process.pid}X${++counter}`;

/** The code form as an admin posts it (only the fields given besides the required ones). */
function createCode(fields: Record<string, string>, who: Member = admin) {
  return post(
    "/staff/discount-codes",
    who,
    { intent: "create", percentage: "10", validity: "unlimited", ...fields },
    codesPage.action as never,
  );
}

async function codeRow(code: string) {
  return db().discountCode.findUniqueOrThrow({
    where: { siteId_code: { siteId, code: code.toUpperCase() } },
  });
}

/** What the checkout says about `code` for the member and package (the checkout's own validation). */
async function check(
  who: Member,
  code: string,
  packageIndex: number,
  method: string | null = "ideal",
  country = "NL",
) {
  const creditPackage = await eurPackage(packageIndex);
  const offer = await purchaseOffer(siteId, country, creditPackage.id, {
    buyer: { userId: who.userId, signupDate: new Date(Date.now() - 86_400_000), paidUser: false },
    method,
    code,
  });
  return offer!.codeError?.reason ?? `ok:${offer!.discountPercent}`;
}

/** Starts a payment on the checkout page (the simulator stands in for Mollie). */
async function startCheckout(who: Member, code: string) {
  const creditPackage = await eurPackage(1);
  return runRoute<{ discountError?: { reason: string } }>(
    await siteRequest(`/credits/${creditPackage.id}`, who.userId, { form: { method: "ideal", code } }),
    checkout.action as never,
    { id: String(creditPackage.id) },
  );
}

describe("discount codes on /staff/discount-codes", () => {
  it("creates a code with every rule, stored upper-case and logged, and the checkout enforces each rule", async () => {
    const code = uniqueCode("sommer");
    const created = await createCode({
      code: code.toLowerCase(),
      percentage: "25",
      minimumOrder: "30,00",
      currency: "EUR",
      country: "NL",
      validity: "once_per_member",
      paymentMethods: "ideal",
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(`/staff/discount-codes?created=${code.toUpperCase()}`);
    const row = await codeRow(code);
    expect(row).toMatchObject({
      code: code.toUpperCase(),
      percentage: 25,
      minimumOrderCents: 3000,
      currency: "EUR",
      country: "NL",
      validity: "once_per_member",
      paymentMethods: ["ideal"],
      active: true,
      maxUses: null,
    });
    const logged = await db().staffAction.findFirstOrThrow({
      where: { action: "discount_code_created", targetId: row.id },
    });
    expect(logged).toMatchObject({ siteId, staffId: admin.userId, targetType: "discount_code" });
    expect(logged.detail).toMatchObject({ before: {}, after: { code: row.code, percentage: 25 } });

    const member = await buyer();
    expect(await check(member, code, 0)).toBe("minimumOrder"); // 19.95 < 30.00
    expect(await check(member, code, 1)).toBe("ok:25");
    expect(await check(member, code.toLowerCase(), 1)).toBe("ok:25");
    expect(await check(member, code, 1, "creditcard")).toBe("method");
    expect(await check(member, code, 1, "ideal", "BE")).toBe("notFound");
    // Once per member: a paid purchase uses it up for that member only.
    await buy(member, { packageIndex: 1, fields: { method: "ideal", code } });
    expect(await check(member, code, 1)).toBe("alreadyUsed");
    expect(await check(await buyer(), code, 1)).toBe("ok:25");
  });

  it("limits a code to one member (by address or number) and to a last day", async () => {
    const [one, other] = [await buyer(), await buyer()];
    const byEmail = uniqueCode("only");
    expect((await createCode({ code: byEmail, member: one.email.toUpperCase() })).status).toBe(302);
    expect((await codeRow(byEmail)).userId).toBe(one.userId);
    expect(await check(one, byEmail, 0)).toBe("ok:10");
    expect(await check(other, byEmail, 0)).toBe("notFound");
    const byId = uniqueCode("onlyid");
    expect((await createCode({ code: byId, member: String(other.userId) })).status).toBe(302);
    expect(await check(other, byId, 0)).toBe("ok:10");

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const expired = uniqueCode("old");
    const current = uniqueCode("new");
    expect((await createCode({ code: expired, expiresOn: day(-2) })).status).toBe(302);
    expect((await createCode({ code: current, expiresOn: day(2) })).status).toBe(302);
    expect(await check(one, expired, 0)).toBe("notFound");
    expect(await check(one, current, 0)).toBe("ok:10");
  });

  it("answers bad input with a message per field and keeps what was typed", async () => {
    const bad = await createCode({
      code: "met spatie",
      percentage: "100",
      minimumOrder: "twintig",
      country: "XX",
      currency: "BTC",
      member: "geen adres",
      expiresOn: "2026-13-40",
      maxUses: "0",
      validity: "vaak",
    });
    expect(bad.status).toBe(400);
    const errors = errorsOf(bad.body!);
    for (const field of [
      "code",
      "percentage",
      "minimumOrder",
      "country",
      "currency",
      "member",
      "expiresOn",
      "maxUses",
      "validity",
    ]) {
      expect(errors[field], field).toHaveLength(1);
    }
    expect(errors.percentage).toEqual(["Vul een heel percentage van 1 tot en met 99 in."]);
    expect((bad.body as { initialValue?: Record<string, unknown> }).initialValue).toMatchObject({
      code: "met spatie",
      minimumOrder: "twintig",
    });

    const taken = uniqueCode("dubbel");
    expect((await createCode({ code: taken })).status).toBe(302);
    const again = await createCode({ code: taken.toLowerCase() });
    expect(again.status).toBe(400);
    expect(errorsOf(again.body!).code).toEqual(["Deze code bestaat al op deze site."]);
    const nobody = await createCode({ code: uniqueCode("niemand"), member: "niemand@example.com" });
    expect(errorsOf(nobody.body!).member).toEqual([
      "Op deze site is geen lid met dit e-mailadres of nummer.",
    ]);
  });

  it("keeps to the total-uses limit when checkouts race for the last place", async () => {
    const code = uniqueCode("eenmalig");
    expect((await createCode({ code, maxUses: "1" })).status).toBe(302);
    const buyers = await Promise.all([buyer(), buyer(), buyer(), buyer()]);
    const outcomes = await Promise.all(buyers.map((who) => startCheckout(who, code)));
    const started = outcomes.filter((o) => o.status === 302);
    expect(started).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o.status !== 302)) {
      expect(refused.status).toBe(400);
      expect(refused.body?.discountError).toEqual({ reason: "usedUp" });
    }
    expect(await db().payment.count({ where: { siteId, discountCode: code.toUpperCase() } })).toBe(1);

    // The holder may go back and choose again; others are told the code is used up, also once paid.
    const holder = buyers[outcomes.indexOf(started[0]!)]!;
    expect(await check(holder, code, 1)).toBe("ok:10");
    const late = await buyer();
    expect(await check(late, code, 1)).toBe("usedUp");
    await buy(holder, { packageIndex: 1, fields: { method: "ideal", code } });
    expect(await check(late, code, 1)).toBe("usedUp");
  });

  it("lists each code's uses and revenue per currency, newest first, and switches codes off and on", async () => {
    const code = uniqueCode("omzet");
    expect((await createCode({ code, percentage: "20" })).status).toBe(302);
    const first = await buy(await buyer(), { packageIndex: 0, fields: { method: "ideal", code } });
    const second = await buy(await buyer(), { packageIndex: 1, fields: { method: "ideal", code } });
    const failed = await buy(await buyer(), {
      packageIndex: 1,
      fields: { method: "ideal", code },
      outcome: "failed",
    });
    expect(failed.payment.status).toBe("failed");

    const page = await runRoute<{ codes: { code: string; uses: number; revenue: unknown[] }[] }>(
      await siteRequest("/staff/discount-codes", admin.userId),
      codesPage.loader as never,
    );
    expect(page.status).toBe(200);
    expect(page.body!.codes[0]!.code).toBe(code.toUpperCase());
    expect(page.body!.codes[0]).toMatchObject({
      uses: 2,
      revenue: [{ currency: "EUR", cents: first.amountCents + second.amountCents }],
    });

    const row = await codeRow(code);
    const off = await post(
      "/staff/discount-codes",
      admin,
      { intent: "deactivate", id: String(row.id) },
      codesPage.action as never,
    );
    expect(off.location).toBe(`/staff/discount-codes?off=${row.code}`);
    expect(await check(await buyer(), code, 1)).toBe("notFound");
    const on = await post(
      "/staff/discount-codes",
      admin,
      { intent: "activate", id: String(row.id) },
      codesPage.action as never,
    );
    expect(on.status).toBe(302);
    const switches = await db().staffAction.findMany({
      where: { action: "discount_code_updated", targetId: row.id },
      orderBy: { id: "asc" },
    });
    expect(switches.map((s) => s.detail)).toEqual([
      { code: row.code, before: { active: true }, after: { active: false } },
      { code: row.code, before: { active: false }, after: { active: true } },
    ]);
  });

  it("does not know another site's codes", async () => {
    const foreign = await db().discountCode.create({
      data: { siteId: otherSiteId, code: uniqueCode("DE"), percentage: 10 },
      select: { id: true },
    });
    const outcome = await post(
      "/staff/discount-codes",
      admin,
      { intent: "deactivate", id: String(foreign.id) },
      codesPage.action as never,
    );
    expect(outcome.status).toBe(404);
    expect((await db().discountCode.findUniqueOrThrow({ where: { id: foreign.id } })).active).toBe(true);
  });
});

describe("the staff action log on /staff/actions", () => {
  type LogPage = {
    rows: { action: string; targetId: number; detail: { changes: unknown[] } }[];
    total: number;
  };
  const logPage = async (query: string, who: Member = admin) =>
    runRoute<LogPage>(await siteRequest(`/staff/actions?${query}`, who.userId), actionsPage.loader as never);

  async function csv(query: string, who: Member = admin) {
    let response: Response | undefined;
    const outcome = await runRoute(await siteRequest(`/staff/actions?${query}&format=csv`, who.userId), [
      async (args: never) => {
        const value = await actionsPage.middleware[0]!(args, (async () => new Response(null)) as never);
        if (value instanceof Response) response = value;
        return value;
      },
    ] as never);
    return { outcome, response };
  }

  /** Parses RFC 4180 CSV (quoted cells with commas, quotes and line breaks; CRLF between rows). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = "";
    let quoted = false;
    const body = text.replace(/^\uFEFF/, "");
    for (let i = 0; i < body.length; i++) {
      const c = body[i]!;
      if (quoted && c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = !quoted;
      } else if (!quoted && c === ",") {
        row.push(cell);
        cell = "";
      } else if (!quoted && c === "\r" && body[i + 1] === "\n") {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = "";
        i++;
      } else {
        cell += c;
      }
    }
    return rows;
  }

  it("filters by staff member, action, target and days, and exports the same rows as CSV", async () => {
    const first = await createMember({ role: "admin" });
    const second = await createMember({ role: "support" });
    const member = await createMember();
    const staffOf = (who: Member) => ({ id: who.userId, siteId });
    await db().$transaction(async (tx) => {
      await recordStaffAction(tx, staffOf(first), "credits_adjusted", member.userId, {
        reason: "Goodwill, kwam niet door",
        before: { credits: 10 },
        after: { credits: 60 },
      });
      await recordStaffAction(tx, staffOf(first), "photo_approved", 991, { profileId: 5 });
      await recordStaffAction(tx, staffOf(second), "member_banned", member.userId, { reason: "spam" });
    });
    // An older decision, ten days back, for the date range.
    const old = await db().$transaction(async (tx) => {
      await recordStaffAction(tx, staffOf(second), "login_unlocked", member.userId);
      return tx.staffAction.findFirstOrThrow({ where: { staffId: second.userId, action: "login_unlocked" } });
    });
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await db().staffAction.update({ where: { id: old.id }, data: { createdAt: tenDaysAgo } });

    const byFirst = await logPage(`staff=${first.userId}`);
    expect(byFirst.status).toBe(200);
    expect(byFirst.body!.rows.map((r) => r.action)).toEqual(["photo_approved", "credits_adjusted"]);
    expect(byFirst.body!.rows[1]!.detail).toEqual({
      reason: "Goodwill, kwam niet door",
      changes: [{ field: "credits", before: "10", after: "60" }],
      other: [],
    });
    const byKind = await logPage(`staff=${second.userId}&action=member_banned`);
    expect(byKind.body!.rows.map((r) => r.action)).toEqual(["member_banned"]);
    const byTarget = await logPage(`targetType=user&targetId=${member.userId}`);
    expect(byTarget.body!.rows.map((r) => r.action)).toEqual([
      "member_banned",
      "credits_adjusted",
      "login_unlocked",
    ]);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const lastWeek = await logPage(
      `targetId=${member.userId}&from=${day(new Date(Date.now() - 86_400_000 * 7))}`,
    );
    expect(lastWeek.body!.rows.map((r) => r.action)).toEqual(["member_banned", "credits_adjusted"]);
    const tenDays = await logPage(`targetId=${member.userId}&from=${day(tenDaysAgo)}&to=${day(tenDaysAgo)}`);
    expect(tenDays.body!.rows.map((r) => r.action)).toEqual(["login_unlocked"]);
    // A filter that is not one is left out rather than refused.
    expect((await logPage("action=drop_tables&from=gisteren")).status).toBe(200);

    const { response } = await csv(`targetType=user&targetId=${member.userId}`);
    expect(response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response!.headers.get("Content-Disposition")).toBe('attachment; filename="staff-actions.csv"');
    const [header, ...lines] = parseCsv(await response!.text());
    expect(header).toEqual(["Tijd", "Medewerker", "Actie", "Soort doel", "Nummer van het doel", "Details"]);
    expect(lines.map((l) => l[2])).toEqual([
      "Lid geblokkeerd",
      "Credits aangepast",
      "Inlogblokkade opgeheven",
    ]);
    expect(lines[1]).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      first.email,
      "Credits aangepast",
      "Lid",
      String(member.userId),
      "Goodwill, kwam niet door; credits: 10 → 60",
    ]);
  });

  it("shows only the admin's own site, and nothing to support or members", async () => {
    const foreignAdmin = await createMember({ role: "admin", siteId: otherSiteId });
    await db().$transaction((tx) =>
      recordStaffAction(tx, { id: foreignAdmin.userId, siteId: otherSiteId }, "photo_approved", 424242),
    );
    expect((await logPage("targetId=424242")).body!.total).toBe(0);
    expect((await logPage("", await createMember({ role: "support" }))).status).toBe(404);
    expect((await csv("", await createMember())).outcome.status).toBe(404);
  });
});

describe("staff accounts on /staff/team", () => {
  const team = (form: Record<string, string>, who: Member = admin) =>
    post("/staff/team", who, form, teamPage.action as never);
  const latestMail = (to: string, template: string) =>
    db().mail.findFirst({
      where: { to, template },
      orderBy: { id: "desc" },
      select: { text: true, html: true },
    });
  const roleOf = async (userId: number) =>
    (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { role: true } })).role;

  it("invites a new address: a mail with a link that sets the password, then a staff login with that role", async () => {
    const email = `nieuw-${process.pid}-${++counter}@example.com`;
    const invited = await team({ intent: "invite", email: email.toUpperCase(), role: "admin" });
    expect(invited.location).toBe("/staff/team?done=invited");
    const user = await db().user.findFirstOrThrow({ where: { siteId, email } });
    expect(user).toMatchObject({ role: "admin", passwordHash: null, status: "confirmed" });
    const mail = await latestMail(email, "staffInvite");
    expect(mail!.text).toContain("beheerder");
    const token = new RegExp(`${ORIGIN}/reset-password/do\\?token=([\\w-]+)`).exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    const logged = await db().staffAction.findFirstOrThrow({
      where: { action: "staff_invited", targetId: user.id },
    });
    expect(logged.detail).toMatchObject({ after: { role: "admin" } });

    const password = "Teamlid-2026!";
    const set = await post(
      "/reset-password/do",
      null,
      { token: token!, newPassword: password, confirmPassword: password },
      resetDo.action as never,
    );
    expect(set.status).toBe(302);
    const loggedIn = await post("/login", null, { email, password }, login.action as never);
    expect(loggedIn.status).toBe(302);
    const page = await runRoute(await siteRequest("/staff/team", user.id), teamPage.loader as never);
    expect(page.status).toBe(200);
  });

  it("makes an existing member staff with a mail, changes a role, and refuses bad input per field", async () => {
    const member = await createMember();
    expect((await team({ intent: "invite", email: member.email, role: "support" })).location).toBe(
      "/staff/team?done=made",
    );
    expect(await roleOf(member.userId)).toBe("support");
    expect(await latestMail(member.email, "staffRoleGiven")).not.toBeNull();
    const twice = await team({ intent: "invite", email: member.email, role: "admin" });
    expect(errorsOf((twice.body as { invite: object }).invite).email).toEqual([
      "Dit adres hoort al bij een medewerker; wijzig de rol in de lijst.",
    ]);
    const bad = await team({ intent: "invite", email: "geen-adres", role: "baas" });
    expect(bad.status).toBe(400);
    const errors = errorsOf((bad.body as { invite: object }).invite);
    expect(errors.email).toEqual(["Vul een geldig e-mailadres in."]);
    expect(errors.role).toEqual(["Kies een rol."]);

    expect((await team({ intent: "role", id: String(member.userId), role: "admin" })).location).toBe(
      "/staff/team?done=changed",
    );
    expect(await roleOf(member.userId)).toBe("admin");
    const change = await db().staffAction.findFirstOrThrow({
      where: { action: "staff_role_changed", targetId: member.userId },
    });
    expect(change.detail).toEqual({ before: { role: "support" }, after: { role: "admin" } });
  });

  it("revoking ends every session of the former staff member at once", async () => {
    const support = await createMember({ role: "support" });
    const request = await siteRequest("/staff/team", support.userId);
    expect(await db().session.count({ where: { userId: support.userId } })).toBeGreaterThan(0);
    expect((await team({ intent: "revoke", id: String(support.userId) })).location).toBe(
      "/staff/team?done=revoked",
    );
    expect(await roleOf(support.userId)).toBe("member");
    expect(await db().session.count({ where: { userId: support.userId } })).toBe(0);
    // The same browser's next request is a visitor's.
    const after = await runRoute(request, teamPage.loader as never);
    expect(after.location).toMatch(/^\/login/);
    const revoked = await db().staffAction.findFirstOrThrow({
      where: { action: "staff_revoked", targetId: support.userId },
    });
    expect(revoked.detail).toMatchObject({ before: { role: "support" }, after: { role: "member" } });
  });

  it("an admin cannot demote or revoke themselves; another site's staff do not exist here", async () => {
    const self = await createMember({ role: "admin" });
    const attempts: Record<string, string>[] = [
      { intent: "role", id: String(self.userId), role: "support" },
      { intent: "revoke", id: String(self.userId) },
    ];
    for (const form of attempts) {
      const refused = await team(form, self);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ refusal: "self" });
    }
    expect(await roleOf(self.userId)).toBe("admin");
    const foreign = await createMember({ role: "support", siteId: otherSiteId });
    expect((await team({ intent: "revoke", id: String(foreign.userId) })).status).toBe(404);
    expect(await roleOf(foreign.userId)).toBe("support");
    expect((await team({ intent: "role", id: "abc" })).status).toBe(400);
  });

  it("locks a staff account after the site's number of wrong passwords, as a member's", async () => {
    const password = "Beheer-sleutel-9";
    const staffer = await createMember({ role: "admin", password });
    const { loginMaxAttempts } = await db().site.findUniqueOrThrow({ where: { id: siteId } });
    const ip = nextIp();
    for (let i = 0; i < loginMaxAttempts; i++) {
      const wrong = await post(
        "/login",
        null,
        { email: staffer.email, password: "fout" },
        login.action as never,
        { ip },
      );
      expect(wrong.status).toBe(i === loginMaxAttempts - 1 ? 429 : 400);
    }
    const locked = await post("/login", null, { email: staffer.email, password }, login.action as never, {
      ip,
    });
    expect(locked.status).toBe(429);
  });
});
