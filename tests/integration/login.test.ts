import { beforeAll, describe, expect, it } from "vitest";
import { verifyLogin } from "~/domain/accounts/login.server";
import { db } from "~/lib/db.server";
import { translatorFor } from "~/lib/translator.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";

describe("login and lockout", () => {
  const site = { id: 0, loginMaxAttempts: 3, loginBlockMinutes: 15 };
  beforeAll(async () => {
    site.id = (await seedBaseData(db())).nl;
    await createMember({ siteId: site.id, email: "inlog@example.com", password: "Goed-wachtwoord-1" });
  });

  it("accepts the right password with the e-mail in any case and spacing", async () => {
    const result = await verifyLogin({
      site,
      email: "  Inlog@Example.com ",
      password: "Goed-wachtwoord-1",
      ip: "10.0.0.1",
    });
    expect(result).toMatchObject({ ok: true });
  });

  it("refuses a wrong password or unknown e-mail the same way", async () => {
    expect(await verifyLogin({ site, email: "inlog@example.com", password: "fout", ip: "10.0.0.2" })).toEqual(
      { ok: false, error: "invalid" },
    );
    expect(
      await verifyLogin({ site, email: "niemand@example.com", password: "fout", ip: "10.0.0.2" }),
    ).toEqual({ ok: false, error: "invalid" });
    await verifyLogin({ site, email: "inlog@example.com", password: "Goed-wachtwoord-1", ip: "10.0.0.2" });
  });

  it("blocks the account after too many wrong passwords, also for the right one", async () => {
    for (let i = 0; i < site.loginMaxAttempts - 1; i++) {
      expect(
        await verifyLogin({ site, email: "inlog@example.com", password: `fout${i}`, ip: `10.0.1.${i}` }),
      ).toMatchObject({ error: "invalid" });
    }
    expect(await verifyLogin({ site, email: "inlog@example.com", password: "fout", ip: "10.0.1.9" })).toEqual(
      {
        ok: false,
        error: "locked",
        minutes: 15,
      },
    );
    expect(
      await verifyLogin({ site, email: "inlog@example.com", password: "Goed-wachtwoord-1", ip: "10.0.2.1" }),
    ).toMatchObject({
      error: "locked",
    });
    await db().user.update({
      where: { siteId_email: { siteId: site.id, email: "inlog@example.com" } },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    expect(
      await verifyLogin({ site, email: "inlog@example.com", password: "Goed-wachtwoord-1", ip: "10.0.2.1" }),
    ).toMatchObject({ ok: true });
  });

  it("blocks an IP that tries many accounts", async () => {
    for (let i = 0; i < site.loginMaxAttempts * 4; i++) {
      await verifyLogin({ site, email: `gok${i}@example.com`, password: "x", ip: "10.9.9.9" });
    }
    expect(
      await verifyLogin({ site, email: "inlog@example.com", password: "Goed-wachtwoord-1", ip: "10.9.9.9" }),
    ).toMatchObject({
      error: "locked",
    });
    expect(
      await verifyLogin({ site, email: "inlog@example.com", password: "Goed-wachtwoord-1", ip: "10.9.9.10" }),
    ).toMatchObject({ ok: true });
  });

  it("has the SPEC messages in nl and a translation in the other locales", () => {
    expect(translatorFor("nl")("accounts:login.failed")).toBe("Login mislukt, probeer opnieuw.");
    expect(translatorFor("nl")("accounts:login.locked", { minutes: 15 })).toBe(
      "Te veel foute pogingen, account voor 15 min geblokkeerd.",
    );
    const german = translatorFor("de")("accounts:login.locked", { minutes: 15 });
    expect(german).toContain("15");
    expect(german).not.toBe(translatorFor("nl")("accounts:login.locked", { minutes: 15 }));
  });
});
