// Photos that stay rejected, one picture on two accounts, and appeals (docs/product.md, Photos and
// Appeals; decision 0063): the fingerprint of a rejected photo turns the same picture away within
// the distance and lets another through; staff see a picture shown by two accounts on both; members
// appeal once per decision, a ban appeal never tells whether an address has an account; staff grant
// or refuse, a granted ban appeal lifts the ban, a granted photo appeal releases the fingerprint.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banMember } from "~/domain/accounts/ban.server";
import { appealBan, appealPhotoRejection } from "~/domain/appeals/member-appeals.server";
import { fillPhotoFingerprints } from "~/domain/photos/fill-fingerprints.server";
import { printDistance, SAME_PHOTO_MAX_DISTANCE } from "~/domain/photos/fingerprint.server";
import { approvePhoto, listPhotosForReview, rejectPhoto } from "~/domain/photos/moderation.server";
import { processImage, uploadPhoto } from "~/domain/photos/upload.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import type { StaffActor } from "~/domain/staff/staff-actions.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import { action as loginAction } from "~/routes/login";
import { action as appealAction } from "~/routes/login.appeal";
import { action as photosAction, loader as photosLoader } from "~/routes/profile.photos";
import { action as queueAction, loader as queueLoader } from "~/routes/staff.appeals";
import { loader as staffPhotosLoader } from "~/routes/staff.photos";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { nextIp, post, runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";

const PASSWORD = "Zomerzon-2026";
const SENT = "/login/appeal?sent=1";
const APPEAL = "Dit is echt mijn eigen foto, gemaakt op vakantie in Zeeland.";
let site: Site;
let support: Member;
let supportActor: StaffActor;

/** A landscape drawn in SVG: sky, sun, hills and a tree, in the colours given. */
const scene = (sky: string, sun: [number, number], hill: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
<rect width="800" height="1000" fill="url(#g)"/><circle cx="${sun[0]}" cy="${sun[1]}" r="120" fill="#ffd23f"/>
<path d="M0 700 Q 200 500 400 700 T 800 650 V1000 H0 Z" fill="${hill}"/><rect x="520" y="560" width="90" height="260" fill="#5a3a22"/></svg>`);

/** A portrait: another picture altogether. */
const PORTRAIT = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
<rect width="800" height="1000" fill="#2b4d6e"/><ellipse cx="400" cy="380" rx="170" ry="220" fill="#e8b89a"/>
<rect x="230" y="620" width="340" height="380" rx="80" fill="#b0203a"/><circle cx="340" cy="350" r="22" fill="#222"/>
<circle cx="460" cy="350" r="22" fill="#222"/><rect x="0" y="0" width="160" height="1000" fill="#d9d2c5"/></svg>`);

const jpeg = (svg: Buffer) => sharp(svg).jpeg({ quality: 92 }).toBuffer();
/** The same picture as a member would upload it again: half the size, saved again at low quality. */
const reEncoded = (bytes: Buffer) => sharp(bytes).resize(400).jpeg({ quality: 45 }).toBuffer();

async function printOf(bytes: Buffer): Promise<bigint> {
  const processed = await processImage(bytes);
  if (typeof processed === "string" || processed.fingerprint === null) throw new Error("no print");
  return processed.fingerprint;
}

const fileOf = (bytes: Buffer) => new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" });

function upload(member: Member, bytes: Buffer) {
  return uploadPhoto({ profileId: member.profileId, paidUser: true, file: fileOf(bytes) });
}

/** An upload that must be stored: its photo id. */
async function uploaded(member: Member, bytes: Buffer): Promise<number> {
  const result = await upload(member, bytes);
  if (!result.ok) throw new Error(`upload refused: ${result.error}`);
  return result.photoId;
}

/** A photo of the member's, rejected by support with `reason`. */
async function rejected(member: Member, bytes: Buffer, reason: string): Promise<number> {
  const photoId = await uploaded(member, bytes);
  expect(await rejectPhoto(photoId, supportActor, reason)).toBe(true);
  return photoId;
}

/** The upload form posted as a browser does, with or without the page's own upload script. */
async function postUpload(member: Member, bytes: Buffer, { viaXhr = false } = {}) {
  const form = new FormData();
  form.set("photo", fileOf(bytes));
  form.set("visibility", "public");
  const headers = new Headers({ Cookie: await sessionCookie(member.userId), [CLIENT_IP_HEADER]: nextIp() });
  if (viaXhr) headers.set("X-Photo-Upload", "xhr");
  const request = new Request(`${ORIGIN}/profile/photos`, { method: "POST", headers, body: form });
  return runRoute<{ uploadError: { error: string; reason: string | null } }>(request, photosAction as never);
}

const photoCount = (member: Member) => db().photo.count({ where: { profileId: member.profileId } });

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
  support = await createMember({ role: "support" });
  supportActor = { id: support.userId, siteId: site.id };
});

afterAll(async () => {
  await stopJobs();
});

describe("the fingerprint", () => {
  it("keeps a picture saved again within the distance and puts other pictures beyond it", async () => {
    const original = await jpeg(scene("#3d7fd9", [200, 220], "#2f7d32"));
    const print = await printOf(original);
    // Measured with these images: saving again (smaller, JPEG at 45, or PNG) changes 0 to 3 bits.
    expect(printDistance(print, await printOf(await reEncoded(original)))).toBeLessThanOrEqual(3);
    expect(
      printDistance(print, await printOf(await sharp(original).resize(300).webp({ quality: 50 }).toBuffer())),
    ).toBeLessThanOrEqual(3);
    // The same scene in other colours with the sun elsewhere: 14 bits; a cut-off border: 10 bits;
    // a portrait: about half of the 64. Six leaves room above re-encoding and stays below them.
    const recoloured = await printOf(await jpeg(scene("#d9583d", [600, 250], "#7d6a2f")));
    expect(printDistance(print, recoloured)).toBeGreaterThan(SAME_PHOTO_MAX_DISTANCE);
    const cropped = await sharp(original)
      .extract({ left: 40, top: 50, width: 720, height: 900 })
      .jpeg()
      .toBuffer();
    expect(printDistance(print, await printOf(cropped))).toBeGreaterThan(SAME_PHOTO_MAX_DISTANCE);
    expect(printDistance(print, await printOf(await jpeg(PORTRAIT)))).toBeGreaterThan(20);
  });

  it("gives a plain colour no fingerprint, so plain pictures never match each other", async () => {
    const plain = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#b04080" } })
      .jpeg()
      .toBuffer();
    const processed = await processImage(plain);
    expect(typeof processed === "string" ? processed : processed.fingerprint).toBeNull();
  });
});

describe("photos stored before fingerprints", () => {
  it("get theirs from the stored file; a missing file is marked done without one", async () => {
    const member = await createMember({ photos: [{ status: "active" }] });
    const picture = await jpeg(scene("#556b2f", [300, 400], "#8b4513"));
    const stored = await uploaded(member, picture);
    const { fingerprint } = await db().photo.findUniqueOrThrow({ where: { id: stored } });
    // As rows from before the change: no print yet (the fixture's photo has no file at all).
    await db().photo.updateMany({
      where: { profileId: member.profileId },
      data: { fingerprint: null, fingerprintedAt: null },
    });
    for (;;) {
      const { filled, unreadable } = await fillPhotoFingerprints(50);
      if (filled + unreadable === 0) break;
    }
    const rows = await db().photo.findMany({
      where: { profileId: member.profileId },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.fingerprint, row.fingerprintedAt !== null])).toEqual([
      [null, true],
      [fingerprint, true],
    ]);
  });
});

describe("an upload of a rejected picture", () => {
  let owner: Member;
  let other: Member;
  let original: Buffer;
  let rejectedId: number;

  beforeAll(async () => {
    owner = await createMember({ password: PASSWORD });
    other = await createMember();
    original = await jpeg(scene("#3060b0", [180, 200], "#2a6b2a"));
    rejectedId = await rejected(owner, original, "Geen gezicht zichtbaar");
  });

  it("is refused with the rejection's reason within the distance, on any account of the site", async () => {
    const before = await photoCount(other);
    const again = await upload(other, await reEncoded(original));
    expect(again).toEqual({
      ok: false,
      error: "rejectedBefore",
      rejected: { photoId: rejectedId, reason: "Geen gezicht zichtbaar" },
    });
    expect(await photoCount(other)).toBe(before);
    expect(await upload(owner, original)).toMatchObject({ ok: false, error: "rejectedBefore" });
    // The row keeps the reason and the print; only the files went.
    const row = await db().photo.findUniqueOrThrow({ where: { id: rejectedId } });
    expect(row).toMatchObject({ status: "deleted", rejectionReason: "Geen gezicht zichtbaar" });
    expect(row.fingerprint).not.toBeNull();
  });

  it("lets another picture through", async () => {
    expect(await upload(other, await jpeg(PORTRAIT))).toMatchObject({ ok: true });
  });

  it("shows the reason in the member's language with JavaScript off and through the upload script", async () => {
    const plain = await postUpload(other, await reEncoded(original));
    expect(plain.status).toBe(400);
    expect(plain.body!.uploadError).toMatchObject({
      error: "rejectedBefore",
      reason: "Geen gezicht zichtbaar",
    });
    expect(translatorFor("de")("photos:upload.errors.rejectedBefore", { reason: "x" })).toContain(
      "abgelehnt",
    );

    const viaXhr = await postUpload(other, await reEncoded(original), { viaXhr: true });
    expect(viaXhr.location).toMatch(
      /^\/profile\/photos\?uploadError=rejectedBefore&rejected=\d+\.[\w-]{22}$/,
    );
    const page = await runRoute<{ uploadError: { reason: string | null } | null }>(
      await siteRequest(viaXhr.location!, other.userId),
      photosLoader as never,
    );
    expect(page.body!.uploadError).toMatchObject({
      error: "rejectedBefore",
      reason: "Geen gezicht zichtbaar",
    });
    // Signed for the uploader: another member, or a changed id, shows nothing.
    const stranger = await runRoute<{ uploadError: unknown }>(
      await siteRequest(viaXhr.location!, owner.userId),
      photosLoader as never,
    );
    expect(stranger.body!.uploadError).toBeNull();
  });

  it("stays blocked when the owner removes the rejected photo from the page", async () => {
    const cookie = await sessionCookie(owner.userId);
    const request = new Request(`${ORIGIN}/profile/photos`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", photoId: String(rejectedId) }),
    });
    expect((await runRoute(request, photosAction as never)).status).toBe(302);
    expect(await db().photo.findUniqueOrThrow({ where: { id: rejectedId } })).toMatchObject({
      rejectionReason: "Geen gezicht zichtbaar",
    });
    expect(await upload(other, original)).toMatchObject({ ok: false, error: "rejectedBefore" });
  });
});

describe("one picture on two accounts", () => {
  it("is flagged on both photos in the staff queue, with the other member", async () => {
    const first = await createMember();
    const second = await createMember();
    const picture = await jpeg(scene("#7040a0", [620, 180], "#306030"));
    const firstPhoto = await uploaded(first, picture);
    const secondPhoto = await uploaded(second, await reEncoded(picture));
    const unrelated = await uploaded(second, await jpeg(scene("#108080", [400, 150], "#805020")));

    const queue = await listPhotosForReview(site.id, 1);
    const pages = Array.from({ length: queue.pages }, (_, i) => i + 1);
    const photos = (await Promise.all(pages.map((page) => listPhotosForReview(site.id, page)))).flatMap(
      (list) => list.photos,
    );
    const flags = (photoId: number) => photos.find((photo) => photo.id === photoId)!.elsewhere;
    expect(flags(firstPhoto).map((o) => o.userId)).toEqual([second.userId]);
    expect(flags(secondPhoto).map((o) => o.userId)).toEqual([first.userId]);
    expect(flags(unrelated)).toEqual([]);

    // Still flagged once the first is approved (it left the queue, the second still shows it).
    expect(await approvePhoto(firstPhoto, supportActor)).toBe(true);
    const page = await runRoute<{ photos: { id: number; elsewhere: { userId: number }[] }[]; pages: number }>(
      await siteRequest(`/staff/photos?page=${queue.pages}`, support.userId),
      staffPhotosLoader as never,
    );
    const all = [page.body!.photos];
    for (let p = 1; p < page.body!.pages; p++) {
      const other = await runRoute<{ photos: { id: number; elsewhere: { userId: number }[] }[] }>(
        await siteRequest(`/staff/photos?page=${p}`, support.userId),
        staffPhotosLoader as never,
      );
      all.push(other.body!.photos);
    }
    const shown = all.flat().find((photo) => photo.id === secondPhoto)!;
    expect(shown.elsewhere.map((o) => o.userId)).toEqual([first.userId]);
  });
});

describe("an appeal against a rejected photo", () => {
  let member: Member;
  let picture: Buffer;
  let photoId: number;

  beforeAll(async () => {
    member = await createMember({ language: "de" });
    picture = await jpeg(scene("#a03060", [250, 300], "#406020"));
    photoId = await rejected(member, picture, "Kein Gesicht zu sehen");
  });

  const appeal = (form: Record<string, string>, who: Member = member) =>
    post(
      "/profile/photos",
      who,
      { intent: "appeal", photoId: String(photoId), ...form },
      photosAction as never,
    );

  it("needs 20 to 1,000 characters, keeping the typed text when refused", async () => {
    const short = await appeal({ text: "Zu kurz" });
    expect(short.status).toBe(400);
    const body = short.body as unknown as {
      appealResult: {
        photoId: number;
        result: { error: Record<string, string[]>; initialValue: { text: string } };
      };
    };
    expect(body.appealResult.photoId).toBe(photoId);
    expect(body.appealResult.result.error.text).toBeDefined();
    expect(body.appealResult.result.initialValue.text).toBe("Zu kurz");
    expect((await appeal({ text: "x".repeat(1001) })).status).toBe(400);
    expect(await db().appeal.count({ where: { photoId } })).toBe(0);
  });

  it("is only for the photo's owner, and once per rejection", async () => {
    const stranger = await createMember();
    expect((await appeal({ text: APPEAL }, stranger)).status).toBe(404);
    const sent = await appeal({ text: APPEAL });
    expect(sent.location).toBe("/profile/photos?notice=appealSent");
    const again = await appeal({ text: APPEAL });
    expect(again.status).toBe(409);
    expect(await appealPhotoRejection(member.userId, photoId, APPEAL)).toEqual({
      ok: false,
      error: "alreadyAppealed",
    });
    expect(await db().appeal.count({ where: { photoId } })).toBe(1);
  });

  it("refused, keeps the picture blocked; granted, releases it and mails the member", async () => {
    const other = await createMember();
    const otherPhoto = await rejected(other, await jpeg(PORTRAIT), "Foto van een ander");
    await appealPhotoRejection(other.userId, otherPhoto, APPEAL);
    const { id: refusedId } = await db().appeal.findUniqueOrThrow({ where: { photoId: otherPhoto } });
    const refusal = await post(
      "/staff/appeals",
      support,
      { appealId: String(refusedId), decision: "refused", reason: "De foto staat ook op een ander profiel." },
      queueAction as never,
    );
    expect(refusal.location).toBe("/staff/appeals?done=refused");
    expect(await upload(other, await jpeg(PORTRAIT))).toMatchObject({ ok: false, error: "rejectedBefore" });

    const { id: appealId } = await db().appeal.findUniqueOrThrow({ where: { photoId } });
    const queue = await runRoute<{ appeals: { id: number; photo: { reason: string } | null }[] }>(
      await siteRequest("/staff/appeals", support.userId),
      queueLoader as never,
    );
    expect(queue.body!.appeals.find((a) => a.id === appealId)!.photo!.reason).toBe("Kein Gesicht zu sehen");
    const granted = await post(
      "/staff/appeals",
      support,
      { appealId: String(appealId), decision: "granted", reason: "Auf dem Foto bist du gut zu erkennen." },
      queueAction as never,
    );
    expect(granted.location).toBe("/staff/appeals?done=granted");
    expect(await db().appeal.findUniqueOrThrow({ where: { id: appealId } })).toMatchObject({
      status: "granted",
      decidedById: support.userId,
      decisionReason: "Auf dem Foto bist du gut zu erkennen.",
    });
    expect(await upload(member, await reEncoded(picture))).toMatchObject({ ok: true });

    const mail = await db().mail.findFirstOrThrow({
      where: { userId: member.userId, template: "appealPhotoGranted" },
    });
    expect(mail.subject).toBe("Deinem Einspruch gegen das abgelehnte Foto wurde stattgegeben");
    expect(mail.text).toContain("Auf dem Foto bist du gut zu erkennen.");
    expect(mail.text).toContain(`${ORIGIN}/profile/photos`);
    expect(await db().mail.count({ where: { userId: other.userId, template: "appealPhotoRefused" } })).toBe(
      1,
    );
    const rows = await db().staffAction.findMany({
      where: { targetType: "appeal", targetId: { in: [appealId, refusedId] } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.targetId, row.action])).toEqual([
      [refusedId, "appeal_refused"],
      [appealId, "appeal_granted"],
    ]);
    expect(rows[1]!.detail).toMatchObject({ kind: "photo", photoId, memberId: member.userId });

    // Decided once: a second decision changes nothing.
    const late = await post(
      "/staff/appeals",
      support,
      { appealId: String(appealId), decision: "refused", reason: "Doch nicht." },
      queueAction as never,
    );
    expect(late.location).toBe("/staff/appeals?done=stale");
    expect(await db().appeal.findUniqueOrThrow({ where: { id: appealId } })).toMatchObject({
      status: "granted",
    });
  });

  it("answers a decision without a reason with its error for that appeal", async () => {
    const owner = await createMember();
    const id = await rejected(owner, await jpeg(scene("#205080", [500, 500], "#603010")), "Te klein");
    await appealPhotoRejection(owner.userId, id, APPEAL);
    const { id: appealId } = await db().appeal.findUniqueOrThrow({ where: { photoId: id } });
    const refused = await post(
      "/staff/appeals",
      support,
      { appealId: String(appealId), decision: "granted", reason: " " },
      queueAction as never,
    );
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as { appealId: number }).appealId).toBe(appealId);
    expect(await db().appeal.findUniqueOrThrow({ where: { id: appealId } })).toMatchObject({
      status: "open",
    });
  });
});

describe("an appeal against a ban", () => {
  const appealForm = (email: string, password = PASSWORD) => ({ email, password, text: APPEAL });
  const send = (email: string, password?: string, ip = nextIp()) =>
    post(SENT.split("?")[0]!, null, appealForm(email, password), appealAction as never, { ip });

  async function bannedMember(options: { language?: string } = {}) {
    const member = await createMember({ password: PASSWORD, ...options });
    await banMember(supportActor, member.userId, { banReason: "spam", reason: "Zelfde tekst naar 40 leden" });
    return member;
  }

  it("answers the same for an unknown address, a wrong password and an account not banned", async () => {
    const notBanned = await createMember({ password: PASSWORD });
    const banned = await bannedMember();
    const answers = [
      await send("niemand-hier@example.com"),
      await send(banned.email, "Verkeerd-wachtwoord-1"),
      await send(notBanned.email),
    ];
    for (const answer of answers) expect(answer).toEqual({ status: 302, location: SENT, body: null });
    expect(await db().appeal.count({ where: { userId: { in: [notBanned.userId, banned.userId] } } })).toBe(0);
  });

  it("stores the appeal of the right password of a banned account, once per ban", async () => {
    const banned = await bannedMember();
    expect(await send(banned.email.toUpperCase())).toEqual({ status: 302, location: SENT, body: null });
    expect(await send(banned.email)).toEqual({ status: 302, location: SENT, body: null });
    const appeals = await db().appeal.findMany({ where: { userId: banned.userId } });
    expect(appeals).toHaveLength(1);
    expect(appeals[0]).toMatchObject({ kind: "ban", status: "open", text: APPEAL, siteId: site.id });
  });

  it("refuses a form without the text and never sends the password back", async () => {
    const refused = await post(
      "/login/appeal",
      null,
      { email: "iemand@example.com", password: PASSWORD, text: "kort" },
      appealAction as never,
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).not.toContain(PASSWORD);
  });

  it("limits appeals per address and per IP, whatever the answer would be", async () => {
    const banned = await bannedMember();
    for (let i = 0; i < 3; i++) expect((await send(banned.email, "Verkeerd-1")).location).toBe(SENT);
    const limited = await send(banned.email);
    expect(limited.status).toBe(429);
    expect(await db().appeal.count({ where: { userId: banned.userId } })).toBe(0);
    // Also for an address without an account: the limit tells nothing either.
    for (let i = 0; i < 3; i++) await send("onbekend-adres@example.com");
    expect((await send("onbekend-adres@example.com")).status).toBe(429);

    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await send(`adres-${i}@example.com`, PASSWORD, ip)).location).toBe(SENT);
    expect((await send("adres-10@example.com", PASSWORD, ip)).status).toBe(429);
    expect(
      await appealBan({ siteId: site.id, email: "x@example.com", password: "y", ip, text: APPEAL }),
    ).toBe("rateLimited");
  });

  it("granted, lifts the ban, logs both decisions and mails the member, who logs in again", async () => {
    const banned = await bannedMember({ language: "fr" });
    const { id: banId } = await db().ban.findFirstOrThrow({ where: { userId: banned.userId } });
    expect(
      (await post("/login", null, { email: banned.email, password: PASSWORD }, loginAction)).status,
    ).toBe(403);
    await send(banned.email);
    const { id: appealId } = await db().appeal.findUniqueOrThrow({ where: { banId } });

    const queue = await runRoute<{
      appeals: {
        id: number;
        kind: string;
        member: { id: number };
        ban: { note: string; reason: string } | null;
      }[];
    }>(await siteRequest("/staff/appeals", support.userId), queueLoader as never);
    expect(queue.body!.appeals.find((a) => a.id === appealId)).toMatchObject({
      kind: "ban",
      member: { id: banned.userId },
      ban: { note: "Zelfde tekst naar 40 leden", reason: "spam" },
    });

    const decided = await post(
      "/staff/appeals",
      support,
      {
        appealId: String(appealId),
        decision: "granted",
        reason: "Het ging om een uitnodiging voor een feest.",
      },
      queueAction as never,
    );
    expect(decided.location).toBe("/staff/appeals?done=granted");
    expect(await db().user.findUniqueOrThrow({ where: { id: banned.userId } })).toMatchObject({
      status: "confirmed",
    });
    expect(await db().ban.findUniqueOrThrow({ where: { id: banId } })).toMatchObject({
      liftedById: support.userId,
      liftNote: "Het ging om een uitnodiging voor een feest.",
    });
    const actions = await db().staffAction.findMany({
      where: {
        OR: [
          { targetType: "appeal", targetId: appealId },
          { targetType: "user", targetId: banned.userId, action: "ban_lifted" },
        ],
      },
    });
    expect(actions.map((a) => a.action).sort()).toEqual(["appeal_granted", "ban_lifted"]);
    const mail = await db().mail.findFirstOrThrow({
      where: { userId: banned.userId, template: "appealBanGranted" },
    });
    expect(mail.subject).toBe("Ton compte n’est plus bloqué");
    expect(mail.text).toContain(`${ORIGIN}/login`);

    const login = await post(
      "/login",
      null,
      { email: banned.email, password: PASSWORD, redirectTo: "/" },
      loginAction,
    );
    expect(login.status).toBe(302);
  });

  it("refused, keeps the ban and tells the member why", async () => {
    const banned = await bannedMember();
    await send(banned.email);
    const { id: appealId } = await db().appeal.findFirstOrThrow({ where: { userId: banned.userId } });
    await post(
      "/staff/appeals",
      support,
      { appealId: String(appealId), decision: "refused", reason: "Je stuurde reclame naar veertig leden." },
      queueAction as never,
    );
    expect(await db().user.findUniqueOrThrow({ where: { id: banned.userId } })).toMatchObject({
      status: "banned",
    });
    const mail = await db().mail.findFirstOrThrow({
      where: { userId: banned.userId, template: "appealBanRefused" },
    });
    expect(mail.subject).toBe("Je bezwaar tegen de blokkering is afgewezen");
    expect(mail.text).toContain("Je stuurde reclame naar veertig leden.");
  });
});
