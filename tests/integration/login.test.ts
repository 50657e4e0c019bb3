import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_ACCOUNT_FACTOR, LOGIN_FAILURES_PER_IP_FACTOR } from "~/domain/abuse/limits";
import { verifyLogin } from "~/domain/accounts/login.server";
import { db } from "~/lib/db.server";
import { translatorFor } from "~/lib/translator.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";

const PASSWORD = "Goed-wachtwoord-1";

describe("login and lockout", () => {
  const site = { id: 0, loginMaxAttempts: 3, loginBlockMinutes: 15 };
  beforeAll(async () => {
    site.id = (await seedBaseData(db())).nl;
    await createMember({ siteId: site.id, email: "inlog@example.com", password: PASSWORD });
  });
  let members = 0;
  const member = () => {
    const email = `lockout-${++members}@example.com`;
    return createMember({ siteId: site.id, email, password: PASSWORD });
  };
  const login = (email: string, password: string, ip: string) => verifyLogin({ site, email, password, ip });
  /** Failures stored as verifyLogin stores them, `ageMs` ago. */
  const storedFailures = (rows: { userId?: number | null; ip: string }[], ageMs = 0) =>
    db().loginAttempt.createMany({
      data: rows.map((row) => ({ userId: null, ...row, createdAt: new Date(Date.now() - ageMs) })),
    });

  it("accepts the right password with the e-mail in any case and spacing", async () => {
    const result = await login("  Inlog@Example.com ", PASSWORD, "10.0.0.1");
    expect(result).toMatchObject({ ok: true });
  });

  it("refuses a wrong password or unknown e-mail the same way", async () => {
    expect(await login("inlog@example.com", "fout", "10.0.0.2")).toEqual({ ok: false, error: "invalid" });
    expect(await login("niemand@example.com", "fout", "10.0.0.2")).toEqual({ ok: false, error: "invalid" });
    await login("inlog@example.com", PASSWORD, "10.0.0.2");
  });

  it("blocks the address that failed too often on an account, also for the right password, and only it", async () => {
    const { email } = await member();
    for (let i = 0; i < site.loginMaxAttempts - 1; i++) {
      expect(await login(email, `fout${i}`, "10.0.1.1")).toMatchObject({ error: "invalid" });
    }
    expect(await login(email, "fout", "10.0.1.1")).toEqual({ ok: false, error: "locked", minutes: 15 });
    expect(await login(email, PASSWORD, "10.0.1.1")).toMatchObject({ error: "locked", minutes: 15 });
    // Another address logs in; the failing one does again once the block is over.
    expect(await login(email, PASSWORD, "10.0.1.2")).toMatchObject({ ok: true });
    await db().loginAttempt.updateMany({
      where: { ip: "10.0.1.1" },
      data: { createdAt: new Date(Date.now() - 15 * 60_000 - 1000) },
    });
    expect(await login(email, PASSWORD, "10.0.1.1")).toMatchObject({ ok: true });
  });

  it("keeps the block for the block's minutes after the failure that set it, then counts from one again", async () => {
    const { email, userId } = await member();
    // Two failures 14 minutes ago, the third (blocking) one 10 minutes ago.
    await storedFailures(
      [
        { userId, ip: "10.0.5.1" },
        { userId, ip: "10.0.5.1" },
      ],
      14 * 60_000,
    );
    await storedFailures([{ userId, ip: "10.0.5.1" }], 10 * 60_000);
    expect(await login(email, PASSWORD, "10.0.5.1")).toEqual({ ok: false, error: "locked", minutes: 5 });
    await db().loginAttempt.updateMany({
      where: { ip: "10.0.5.1" },
      data: { createdAt: new Date(Date.now() - 16 * 60_000) },
    });
    expect(await login(email, "fout", "10.0.5.1")).toEqual({ ok: false, error: "invalid" });
  });

  it("lets strangers' wrong passwords from other addresses not lock the member out", async () => {
    const fiveTries = { ...site, loginMaxAttempts: 5 };
    const { email } = await member();
    for (let i = 1; i <= 5; i++) {
      expect(await verifyLogin({ site: fiveTries, email, password: "gok", ip: `10.0.2.${i}` })).toEqual({
        ok: false,
        error: "invalid",
      });
    }
    expect(await verifyLogin({ site: fiveTries, email, password: PASSWORD, ip: "10.0.2.99" })).toMatchObject({
      ok: true,
    });
  });

  it("blocks the whole account at its ceiling, saying it was tried from elsewhere, until the block is over", async () => {
    const { email, userId } = await member();
    const ceiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_ACCOUNT_FACTOR;
    await storedFailures(
      Array.from({ length: ceiling - 1 }, (_, i) => ({ userId, ip: `10.1.${i >> 8}.${i & 255}` })),
    );
    expect(await login(email, "gok", "10.2.0.1")).toEqual({ ok: false, error: "accountLocked", minutes: 15 });
    // Also for the right password from an address that never failed.
    expect(await login(email, PASSWORD, "10.2.0.2")).toMatchObject({ error: "accountLocked", minutes: 15 });
    await db().user.update({ where: { id: userId }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await login(email, PASSWORD, "10.2.0.2")).toMatchObject({ ok: true });
  });

  it("refuses unchecked beyond the account's ceiling, also for requests sent at the same moment", async () => {
    const { email, userId } = await member();
    const ceiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_ACCOUNT_FACTOR;
    await storedFailures(
      Array.from({ length: ceiling }, (_, i) => ({ userId, ip: `10.3.${i >> 8}.${i & 255}` })),
    );
    const guesses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => login(email, i === 0 ? PASSWORD : `gok${i}`, `10.4.0.${i}`)),
    );
    expect(guesses).toEqual(guesses.map(() => ({ ok: false, error: "accountLocked", minutes: 15 })));
    expect(await db().loginAttempt.count({ where: { ip: { startsWith: "10.4.0." } } })).toBe(0);
  });

  it("checks at most the attempts the limit leaves, also for requests sent at the same moment", async () => {
    const { email, userId } = await member();
    // One try left from this address: of six guesses at once at most one is checked (none when all
    // six were written before any counted), and a checked one blocks the address.
    await storedFailures(
      Array.from({ length: site.loginMaxAttempts - 1 }, () => ({ userId, ip: "10.0.3.1" })),
    );
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login(email, `gok${i}`, "10.0.3.1")),
    );
    expect(guesses.every((result) => !result.ok && result.error === "locked")).toBe(true);
    const checked =
      (await db().loginAttempt.count({ where: { ip: "10.0.3.1" } })) - (site.loginMaxAttempts - 1);
    expect(checked).toBeLessThanOrEqual(1);
  });

  it("never tells a member who did not fail that the account is blocked when the address hit its ceiling", async () => {
    const { email } = await member();
    const ceiling = site.loginMaxAttempts * LOGIN_FAILURES_PER_IP_FACTOR;
    await storedFailures(Array.from({ length: ceiling - 1 }, () => ({ ip: "10.9.9.9" })));
    expect(await login("gok@example.com", "x", "10.9.9.9")).toEqual({ ok: false, error: "invalid" });
    const refused = await login(email, PASSWORD, "10.9.9.9");
    expect(refused).toEqual({ ok: false, error: "addressLimited", minutes: 15 });
    expect(await login(email, PASSWORD, "10.9.9.10")).toMatchObject({ ok: true });
    // The wait is until the oldest counted failure leaves the window.
    await db().loginAttempt.updateMany({
      where: { ip: "10.9.9.9" },
      data: { createdAt: new Date(Date.now() - 12 * 60_000) },
    });
    expect(await login(email, PASSWORD, "10.9.9.9")).toMatchObject({ error: "addressLimited", minutes: 3 });
  });

  it("counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4", async () => {
    const { email } = await member();
    const privacyAddresses = ["2001:db8:7:1::a", "2001:db8:7:1:1234::b", "2001:DB8:7:1:ffff:0:0:c"];
    for (const ip of privacyAddresses.slice(0, -1)) {
      expect(await login(email, "gok", ip)).toMatchObject({ error: "invalid" });
    }
    expect(await login(email, "gok", privacyAddresses.at(-1)!)).toMatchObject({ error: "locked" });
    expect(await login(email, PASSWORD, "2001:db8:7:1::9")).toMatchObject({ error: "locked" });
    expect(await login(email, PASSWORD, "2001:db8:7:2::9")).toMatchObject({ ok: true });
    expect(await db().loginAttempt.count({ where: { ip: "2001:db8:7:1::/64" } })).toBe(3);

    const other = await member();
    await login(other.email, "gok", "10.0.6.1");
    await login(other.email, "gok", "::ffff:10.0.6.1");
    expect(await login(other.email, PASSWORD, "::ffff:10.0.6.1")).toMatchObject({ ok: true });
    expect(await db().loginAttempt.count({ where: { ip: "10.0.6.1", userId: null } })).toBe(2);
  });

  it("has the block message in nl word for word and the other refusals in every locale", () => {
    const nl = translatorFor("nl");
    expect(nl("accounts:login.failed")).toBe("Login mislukt, probeer opnieuw.");
    expect(nl("accounts:login.locked", { minutes: 15 })).toBe(
      "Te veel foute pogingen, account voor 15 min geblokkeerd.",
    );
    // Neither refusal of a member who may not have failed claims the account is blocked.
    expect(nl("accounts:login.accountLocked", { minutes: 15 })).not.toMatch(/geblokkeerd|foute pogingen/);
    expect(nl("accounts:login.addressLimited", { minutes: 15 })).toBe(
      "Te veel inlogpogingen vanaf jouw netwerk. Probeer het over 15 min opnieuw.",
    );
    for (const key of ["locked", "accountLocked", "addressLimited"]) {
      for (const language of ["de", "en", "es", "fr", "it", "pl"]) {
        const text = translatorFor(language)(`accounts:login.${key}`, { minutes: 15 });
        expect(text).toContain("15");
        expect(text).not.toBe(nl(`accounts:login.${key}`, { minutes: 15 }));
      }
    }
  });
});
