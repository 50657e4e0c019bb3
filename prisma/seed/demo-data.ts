import { hash } from "@node-rs/argon2";
import type { PrismaClient } from "../../app/generated/prisma/client";
import type {
  BodyType,
  EyeColor,
  Gender,
  HairColor,
  PhotoStatus,
  PhotoVisibility,
  RelationshipStatus,
  Sexuality,
  SignupReason,
  Tattoos,
  UserRole,
  UserStatus,
} from "../../app/generated/prisma/enums";
import { INTEREST_CODES } from "../../app/domain/core/interests";
import { termsVersionDate } from "../../app/domain/sites/terms-date";
import { ABOUT_SENTENCES, FIRST_NAMES, LANGUAGE_BY_COUNTRY } from "./names";
import { PLACES } from "./places";
import { seedDemoLoginActivity } from "./demo-login-activity";
import { createRandom, type Random } from "./random";

export const DEMO_EMAIL_DOMAIN = "demo.hartklop.test";
/** Documented in the README; the same for the three demo logins. */
export const DEMO_PASSWORD = "Hartklop-demo-2026";
export const DEMO_LOGINS = {
  free: `free@${DEMO_EMAIL_DOMAIN}`,
  premium: `premium@${DEMO_EMAIL_DOMAIN}`,
  /** An admin: every staff page. */
  staff: `staff@${DEMO_EMAIL_DOMAIN}`,
  /** Support: members, complaints, photos and reports. */
  support: `support@${DEMO_EMAIL_DOMAIN}`,
} as const;
export const DEFAULT_MEMBER_COUNT = 2000;

/** Birth dates are fixed against this day, so the data is the same whichever day it is seeded. */
const REFERENCE_DAY = Date.UTC(2026, 0, 1);

const HAIR: HairColor[] = [
  "brunette",
  "blond",
  "brown",
  "white",
  "bald",
  "black",
  "dark_blond",
  "dark_brown",
  "gray",
  "red",
  "other",
];
const EYES: EyeColor[] = ["blue", "green", "hazel", "brown", "gray", "other"];
const BODY: BodyType[] = ["slim", "normal", "fat"];
const RELATIONSHIP: RelationshipStatus[] = [
  "divorced",
  "living_together",
  "married",
  "unmarried",
  "single",
  "widowed",
];
const REASONS: SignupReason[] = ["relationship", "dating", "friendship", "chat", "adventure"];
const TATTOOS: Tattoos[] = ["none", "some", "many"];
const REJECTION_REASONS = [
  "Geen herkenbaar gezicht",
  "Foto van iemand anders",
  "Te expliciet voor een profielfoto",
];

export interface SiteIds {
  nl: number;
  de: number;
}

interface DemoPhoto {
  filename: string;
  thumbFilename: string;
  status: PhotoStatus;
  visibility: PhotoVisibility;
  rejectionReason: string | null;
}

export interface DemoMember {
  index: number;
  siteKey: keyof SiteIds;
  email: string;
  status: UserStatus;
  role: UserRole;
  invisible: boolean;
  paidUser: boolean;
  credits: number;
  language: string;
  signupDate: Date;
  profile: {
    name: string;
    gender: Gender;
    seekingGender: Gender;
    sexuality: Sexuality;
    dateOfBirth: Date;
    country: string;
    region: string;
    city: string;
    aboutMe: string;
    reason: SignupReason;
    hairColor: HairColor;
    eyeColor: EyeColor;
    bodyType: BodyType;
    relationshipStatus: RelationshipStatus;
    tattoos: Tattoos;
    isFictional: boolean;
    disabled: boolean;
    interests: string[];
    photos: DemoPhoto[];
  };
}

function pickAge(r: Random): number {
  return r.chance(0.7) ? r.int(22, 50) : r.int(18, 75);
}

function pickSexuality(r: Random, gender: Gender): { sexuality: Sexuality; seekingGender: Gender } {
  const other: Gender = gender === "male" ? "female" : "male";
  const roll = r.next();
  if (roll < 0.82) return { sexuality: "hetero", seekingGender: other };
  if (roll < 0.9) return { sexuality: gender === "male" ? "gay" : "lesbian", seekingGender: gender };
  return { sexuality: "bi", seekingGender: r.chance(0.5) ? gender : other };
}

function displayName(r: Random, first: string, age: number): string {
  const style = r.next();
  if (style < 0.55) return first;
  if (style < 0.8) return `${first}${String((2026 - age) % 100).padStart(2, "0")}`;
  return `${first}_${r.int(1, 99)}`;
}

/** One demo member, fully determined by its index. */
export function demoMember(index: number): DemoMember {
  const r = createRandom(100_003 + index * 7919);
  const place = r.weighted(PLACES, (p) => p.weight);
  const region = r.pick(Object.keys(place.regions));
  const city = r.pick(place.regions[region]!);
  const language = LANGUAGE_BY_COUNTRY[place.country] ?? "en";
  const nameLanguage = place.country === "CH" && r.chance(0.3) ? r.pick(["fr", "it"]) : language;
  const gender: Gender = r.chance(0.5) ? "female" : "male";
  const { sexuality, seekingGender } = pickSexuality(r, gender);
  const age = pickAge(r);
  const dateOfBirth = new Date(REFERENCE_DAY - (age * 365.25 + r.int(1, 360)) * 86_400_000);
  dateOfBirth.setUTCHours(0, 0, 0, 0);
  const first = r.pick(FIRST_NAMES[nameLanguage]![gender]);
  const sentences = ABOUT_SENTENCES[language] ?? ABOUT_SENTENCES.en!;
  const photoCount = r.int(1, 6);
  const photos: DemoPhoto[] = Array.from({ length: photoCount }, (_, n) => {
    const roll = r.next();
    const status: PhotoStatus =
      n === 0
        ? roll < 0.93
          ? "active"
          : "inspection"
        : roll < 0.85
          ? "active"
          : roll < 0.95
            ? "inspection"
            : "deleted";
    return {
      filename: `seed/m${index}/${n}.webp`,
      thumbFilename: `seed/m${index}/${n}_thumb.webp`,
      status,
      visibility: n > 0 && r.chance(0.3) ? "private" : "public",
      rejectionReason: status === "deleted" ? r.pick(REJECTION_REASONS) : null,
    };
  });
  return {
    index,
    siteKey: ["DE", "AT", "CH"].includes(place.country) ? "de" : "nl",
    email: `member${String(index).padStart(5, "0")}@${DEMO_EMAIL_DOMAIN}`,
    status: r.chance(0.95) ? "confirmed" : "not_confirmed",
    role: "member",
    invisible: r.chance(0.03),
    paidUser: false,
    credits: 0,
    language,
    signupDate: new Date(REFERENCE_DAY - r.int(1, 900) * 86_400_000),
    profile: {
      name: displayName(r, first, age),
      gender,
      seekingGender,
      sexuality,
      dateOfBirth,
      country: place.country,
      region,
      city,
      aboutMe: r.sample(sentences, r.int(2, 3)).join(" "),
      reason: r.pick(REASONS),
      hairColor:
        gender === "male" && age > 45 && r.chance(0.2) ? "bald" : r.pick(HAIR.filter((h) => h !== "bald")),
      eyeColor: r.pick(EYES),
      bodyType: r.weighted(BODY, (b) => (b === "normal" ? 6 : b === "slim" ? 3 : 1)),
      relationshipStatus: r.weighted(RELATIONSHIP, (s) => (s === "single" ? 8 : s === "divorced" ? 3 : 1)),
      tattoos: r.weighted(TATTOOS, (t) => (t === "none" ? 6 : t === "some" ? 3 : 1)),
      isFictional: r.chance(0.04),
      disabled: r.chance(0.01),
      interests: r.sample(INTEREST_CODES, r.int(3, 10)),
      photos,
    },
  };
}

/**
 * The demo logins: a free member who signed up just now (so her time bonus runs) and one who joined
 * a month ago and paid (demo-login-activity.ts books her purchase, which makes her Premium).
 */
function demoLoginMembers(now: Date): DemoMember[] {
  const free = demoMember(900_001);
  const premium = demoMember(900_002);
  const accountFor = (
    member: DemoMember,
    email: string,
    name: string,
    extra: Partial<DemoMember>,
  ): DemoMember => ({
    ...member,
    siteKey: "nl",
    email,
    status: "confirmed",
    invisible: false,
    language: "nl",
    signupDate: now,
    ...extra,
    profile: {
      ...member.profile,
      name,
      country: "NL",
      region: "Utrecht",
      city: "Utrecht",
      isFictional: false,
      disabled: false,
      photos: member.profile.photos.map((p) => ({ ...p, status: "active", rejectionReason: null })),
    },
  });
  return [
    accountFor(free, DEMO_LOGINS.free, "DemoGratis", {}),
    accountFor(premium, DEMO_LOGINS.premium, "DemoPremium", {
      signupDate: new Date(now.getTime() - 30 * 86_400_000),
    }),
  ];
}

async function insertMembers(
  prisma: PrismaClient,
  sites: SiteIds,
  members: DemoMember[],
  passwordHash: string | null,
) {
  const chunk = 500;
  for (let start = 0; start < members.length; start += chunk) {
    const batch = members.slice(start, start + chunk);
    await prisma.user.createMany({
      skipDuplicates: true,
      data: batch.map((m) => ({
        siteId: sites[m.siteKey],
        email: m.email,
        passwordHash,
        status: m.status,
        role: m.role,
        invisible: m.invisible,
        paidUser: m.paidUser,
        credits: m.credits,
        language: m.language,
        signupDate: m.signupDate,
      })),
    });
    const users = await prisma.user.findMany({
      where: { email: { in: batch.map((m) => m.email) } },
      select: { id: true, email: true, siteId: true },
    });
    const userIdByEmail = new Map(users.map((u) => [u.email, u.id]));
    await prisma.profile.createMany({
      skipDuplicates: true,
      data: batch.map(({ email, signupDate, profile: p }) => ({
        userId: userIdByEmail.get(email)!,
        name: p.name,
        gender: p.gender,
        seekingGender: p.seekingGender,
        sexuality: p.sexuality,
        dateOfBirth: p.dateOfBirth,
        country: p.country,
        region: p.region,
        city: p.city,
        aboutMe: p.aboutMe,
        reason: p.reason,
        hairColor: p.hairColor,
        eyeColor: p.eyeColor,
        bodyType: p.bodyType,
        relationshipStatus: p.relationshipStatus,
        tattoos: p.tattoos,
        isFictional: p.isFictional,
        status: p.disabled ? "disabled" : "active",
        createdAt: signupDate,
      })),
    });
    const profiles = await prisma.profile.findMany({
      where: { userId: { in: users.map((u) => u.id) } },
      select: { id: true, userId: true },
    });
    const profileIdByEmail = new Map(
      profiles.map((p) => [users.find((u) => u.id === p.userId)!.email, p.id]),
    );
    await prisma.profileInterest.createMany({
      skipDuplicates: true,
      data: batch.flatMap((m) =>
        m.profile.interests.map((code) => ({
          profileId: profileIdByEmail.get(m.email)!,
          interestCode: code,
        })),
      ),
    });
    await prisma.photo.createMany({
      skipDuplicates: true,
      data: batch.flatMap((m) =>
        m.profile.photos.map((photo) => ({
          profileId: profileIdByEmail.get(m.email)!,
          ...photo,
          width: 360,
          height: 450,
          createdAt: m.signupDate,
          reviewedAt: photo.status === "inspection" ? null : m.signupDate,
        })),
      ),
    });
  }
}

/** Every profile without a main photo gets its first approved public photo as the main one. */
async function assignMainPhotos(prisma: PrismaClient) {
  await prisma.$executeRaw`
    UPDATE "Profile" p SET "mainPhotoId" = first.id
    FROM (
      SELECT DISTINCT ON ("profileId") id, "profileId" FROM "Photo"
      WHERE status = 'active' AND visibility = 'public'
      ORDER BY "profileId", id
    ) first
    WHERE p.id = first."profileId" AND p."mainPhotoId" IS NULL`;
}

/**
 * Likes among the demo members, so the likes pages, badges and matches have something to show: each
 * member likes the next three members (by id) of the gender they seek on their site, and the demo
 * logins get a dozen likes from such members (the newest still new). Mutual likes become matches.
 */
async function seedDemoLikes(prisma: PrismaClient, now: Date) {
  // Fresh tables have no statistics yet: without them the planner joins all members for each member.
  await prisma.$executeRaw`ANALYZE "Profile", "User"`;
  await prisma.$executeRaw`
    INSERT INTO "Like" ("likerId", "likedId", "createdAt", "isNew", "mailedAt")
    SELECT p."userId", q."userId", ${now}::timestamp - (p.id % 500) * interval '1 hour', false, ${now}::timestamp
    FROM "Profile" p
    JOIN "User" u ON u.id = p."userId"
    CROSS JOIN LATERAL (
      SELECT q."userId" FROM "Profile" q JOIN "User" v ON v.id = q."userId"
      WHERE q.id > p.id AND q.gender = p."seekingGender" AND v."siteId" = u."siteId"
      ORDER BY q.id LIMIT 3
    ) q
    ON CONFLICT DO NOTHING`;
  await prisma.$executeRaw`
    INSERT INTO "Like" ("likerId", "likedId", "createdAt", "isNew", "mailedAt")
    SELECT liker."userId", login.id, ${now}::timestamp - liker.n * interval '5 hours', liker.n <= 3, ${now}::timestamp
    FROM "User" login
    JOIN "Profile" lp ON lp."userId" = login.id
    CROSS JOIN LATERAL (
      SELECT q."userId", row_number() OVER (ORDER BY q.id) AS n
      FROM "Profile" q JOIN "User" v ON v.id = q."userId"
      WHERE q.gender = lp."seekingGender" AND v."siteId" = login."siteId" AND v.status = 'confirmed'
        AND NOT v.invisible AND q.status = 'active' AND q."userId" <> login.id
      ORDER BY q.id LIMIT 12
    ) liker
    WHERE login.email IN (${DEMO_LOGINS.free}, ${DEMO_LOGINS.premium})
    ON CONFLICT DO NOTHING`;
  await prisma.$executeRaw`
    INSERT INTO "Match" ("userAId", "userBId", "createdAt")
    SELECT a."likerId", a."likedId", greatest(a."createdAt", b."createdAt")
    FROM "Like" a JOIN "Like" b ON b."likerId" = a."likedId" AND b."likedId" = a."likerId"
    WHERE a."likerId" < a."likedId"
    ON CONFLICT DO NOTHING`;
}

/**
 * Signing up accepts the terms of that day, and signup records it: each demo member gets that row,
 * the site's current version or, for a member who signed up before it, their signup date (an older
 * version: the terms rule then asks them to accept the current one, as without the row).
 */
async function recordSignupTermsAcceptances(prisma: PrismaClient) {
  const sites = await prisma.site.findMany({ select: { id: true, company: { select: { added: true } } } });
  for (const site of sites) {
    await prisma.$executeRaw`
      INSERT INTO "TermsAcceptance" ("userId", "termsVersion", "acceptedAt")
      SELECT u.id, least(u."signupDate", ${termsVersionDate(site.company.added)}), u."signupDate"
      FROM "User" u
      WHERE u."siteId" = ${site.id} AND u.role = 'member'
        AND NOT EXISTS (SELECT 1 FROM "TermsAcceptance" ta WHERE ta."userId" = u.id)`;
  }
}

/**
 * Demo members plus the documented demo logins and their activity; safe to run again (nothing is
 * duplicated). Times count back from `now`: the same `now` gives the same rows.
 */
export async function seedDemoMembers(
  prisma: PrismaClient,
  sites: SiteIds,
  count = DEFAULT_MEMBER_COUNT,
  now = new Date(),
) {
  const members = Array.from({ length: count }, (_, i) => demoMember(i + 1));
  await insertMembers(prisma, sites, members, null);
  const demoPasswordHash = await hash(DEMO_PASSWORD);
  await insertMembers(prisma, sites, demoLoginMembers(now), demoPasswordHash);
  const staff = [
    { email: DEMO_LOGINS.staff, role: "admin" as const },
    { email: `staff2@${DEMO_EMAIL_DOMAIN}`, role: "admin" as const },
    { email: `staff3@${DEMO_EMAIL_DOMAIN}`, role: "admin" as const },
    { email: DEMO_LOGINS.support, role: "support" as const },
  ];
  await prisma.user.createMany({
    skipDuplicates: true,
    data: staff.map(({ email, role }) => ({
      siteId: sites.nl,
      email,
      passwordHash: demoPasswordHash,
      status: "confirmed" as const,
      role,
      language: "nl",
      signupDate: now,
    })),
  });
  await assignMainPhotos(prisma);
  await recordSignupTermsAcceptances(prisma);
  await seedDemoLikes(prisma, now);
  const logins = { free: DEMO_LOGINS.free, premium: DEMO_LOGINS.premium, domain: DEMO_EMAIL_DOMAIN };
  await seedDemoLoginActivity(prisma, logins, sites.nl, now);
  // Fresh statistics after the bulk insert, so the planner uses the search indexes at once.
  await prisma.$executeRaw`ANALYZE "User", "Profile", "Photo", "ProfileInterest", "Like", "Match", "TermsAcceptance"`;
}
