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

  it("checks at most the attempts the limit leaves, also for requests sent at the same moment", async () => {
    const email = "gelijktijdig@example.com";
    const member = await createMember({ siteId: site.id, email, password: "Goed-wachtwoord-1" });
    // One try left: of six guesses at once at most one is checked (none when all six were written
    // before any counted), and a checked one locks the account.
    for (let i = 0; i < site.loginMaxAttempts - 1; i++) {
      await db().loginAttempt.create({
        data: { userId: member.userId, ip: `10.0.3.${i}` },
        select: { id: true },
      });
    }
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        verifyLogin({ site, email, password: `gok${i}`, ip: `10.0.4.${i}` }),
      ),
    );
    expect(guesses.every((result) => !result.ok && result.error === "locked")).toBe(true);
    // Only checked attempts are kept (as their IPs' failures).
    const checked = await db().loginAttempt.count({ where: { ip: { startsWith: "10.0.4." } } });
    expect(checked).toBeLessThanOrEqual(1);
    const { lockedUntil } = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { lockedUntil: true },
    });
    expect(lockedUntil !== null).toBe(checked === 1);
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
