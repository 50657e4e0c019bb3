import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { localStorage } from "~/lib/storage.server";
import { INTEREST_CODES } from "~/domain/core/interests";
import { ageOn } from "~/domain/profiles/age";
import { seedBaseData } from "../../prisma/seed/base-data";
import { DEMO_LOGINS, demoMember, seedDemoMembers } from "../../prisma/seed/demo-data";
import { renderSeedPhotos } from "../../prisma/seed/photos";

async function counts() {
  const [users, profiles, photos, interests, sites] = await Promise.all([
    db().user.count(),
    db().profile.count(),
    db().photo.count(),
    db().profileInterest.count(),
    db().site.count(),
  ]);
  return { users, profiles, photos, interests, sites };
}

describe("demo data seed", () => {
  beforeAll(async () => {
    const sites = await seedBaseData(db());
    await seedDemoMembers(db(), sites);
  });

  it("creates at least 2,000 members, mostly in NL, BE and DE", async () => {
    const members = await db().profile.count({ where: { user: { role: "member" } } });
    expect(members).toBeGreaterThanOrEqual(2000);
    const byCountry = await db().profile.groupBy({ by: ["country"], _count: { _all: true } });
    const share = (codes: string[]) =>
      byCountry.filter((c) => codes.includes(c.country)).reduce((n, c) => n + c._count._all, 0) / members;
    expect(share(["NL", "BE", "DE"])).toBeGreaterThan(0.7);
    expect(byCountry.length).toBeGreaterThanOrEqual(12);
  });

  it("covers both genders, all sexualities and ages 18 to 75", async () => {
    const genders = await db().profile.groupBy({ by: ["gender"], _count: { _all: true } });
    expect(genders.map((g) => g.gender).sort()).toEqual(["female", "male"]);
    const sexualities = await db().profile.groupBy({ by: ["sexuality"], _count: { _all: true } });
    expect(sexualities.map((s) => s.sexuality).sort()).toEqual(["bi", "gay", "hetero", "lesbian"]);
    const births = await db().profile.aggregate({ _min: { dateOfBirth: true }, _max: { dateOfBirth: true } });
    expect(ageOn(births._max.dateOfBirth!)).toBeGreaterThanOrEqual(18);
    expect(ageOn(births._min.dateOfBirth!)).toBeLessThanOrEqual(76);
    expect(ageOn(births._min.dateOfBirth!)).toBeGreaterThanOrEqual(70);
  });

  it("gives every member a real place, interests and 1 to 6 photos", async () => {
    const withoutPlace = await db().profile.count({ where: { OR: [{ city: null }, { region: null }] } });
    expect(withoutPlace).toBe(0);
    const amsterdam = await db().profile.count({ where: { city: "Amsterdam", region: "Noord-Holland" } });
    expect(amsterdam).toBeGreaterThan(0);
    const photoCounts = await db().photo.groupBy({ by: ["profileId"], _count: { _all: true } });
    const perProfile = photoCounts.map((p) => p._count._all);
    expect(Math.min(...perProfile)).toBe(1);
    expect(Math.max(...perProfile)).toBe(6);
    expect(photoCounts.length).toBe(await db().profile.count());
    const usedInterests = await db().profileInterest.groupBy({ by: ["interestCode"] });
    expect(usedInterests.length).toBe(INTEREST_CODES.length);
    const statuses = await db().photo.groupBy({ by: ["status"] });
    expect(statuses.map((s) => s.status).sort()).toEqual(["active", "deleted", "inspection"]);
    const withMain = await db().profile.count({ where: { mainPhotoId: { not: null } } });
    expect(withMain / (await db().profile.count())).toBeGreaterThan(0.9);
  });

  it("flags some profiles as fictional and has staff and the documented demo logins", async () => {
    const fictional = await db().profile.count({ where: { isFictional: true } });
    expect(fictional).toBeGreaterThan(20);
    expect(await db().user.count({ where: { role: "admin" } })).toBeGreaterThanOrEqual(3);
    const logins = await db().user.findMany({
      where: { email: { in: Object.values(DEMO_LOGINS) } },
      select: { email: true, role: true, paidUser: true, credits: true, status: true, passwordHash: true },
    });
    const byEmail = Object.fromEntries(logins.map((l) => [l.email, l]));
    expect(byEmail[DEMO_LOGINS.free]).toMatchObject({ role: "member", paidUser: false, status: "confirmed" });
    expect(byEmail[DEMO_LOGINS.premium]).toMatchObject({
      role: "member",
      paidUser: true,
      status: "confirmed",
    });
    expect(byEmail[DEMO_LOGINS.premium]!.credits).toBeGreaterThan(0);
    expect(byEmail[DEMO_LOGINS.staff]).toMatchObject({ role: "admin" });
    expect(logins.every((l) => l.passwordHash?.startsWith("$argon2id$"))).toBe(true);
  });

  it("is deterministic and idempotent", async () => {
    expect(demoMember(42)).toEqual(demoMember(42));
    const before = await counts();
    const sites = await seedBaseData(db());
    await seedDemoMembers(db(), sites);
    expect(await counts()).toEqual(before);
    const first = await db().profile.findFirst({
      where: { user: { email: demoMember(1).email } },
      select: { name: true, city: true },
    });
    expect(first).toEqual({ name: demoMember(1).profile.name, city: demoMember(1).profile.city });
  });

  it("draws distinct WebP portraits for the photos, the demo chats' first, once", async () => {
    const storage = localStorage(await mkdtemp(path.join(os.tmpdir(), "hartklop-photos-")));
    expect(await renderSeedPhotos(db(), storage, { limit: 4 })).toBe(4);
    expect(await renderSeedPhotos(db(), storage, { limit: 4 })).toBe(0);
    const chatPhotos = await db().chatPhoto.findMany({
      orderBy: { id: "asc" },
      select: { filename: true, thumbFilename: true },
    });
    expect(chatPhotos.length).toBeGreaterThan(0);
    const profilePhotos = await db().photo.findMany({
      orderBy: [{ profile: { createdAt: "desc" } }, { id: "asc" }],
      take: 4 - chatPhotos.length,
      select: { filename: true, thumbFilename: true },
    });
    const photos = [...chatPhotos, ...profilePhotos];
    const files = await Promise.all(photos.map((p) => storage.read(p.filename)));
    expect(new Set(files.map((f) => f!.toString("base64"))).size).toBe(4);
    const large = await sharp(files[0]!).metadata();
    expect(large).toMatchObject({ format: "webp", width: 360, height: 450 });
    const thumb = await sharp((await storage.read(photos[0]!.thumbFilename))!).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 120, height: 150 });
  });
});
