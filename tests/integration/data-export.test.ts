// "Download my data" (docs/product.md, Your data): the archive the job writes holds the member's
// data and names other members by profile name only; it is the member's alone for 48 hours, then
// removed; one a day; staff start one for the member, logged, with the archive and its mail going to
// the member.
import { recordTermsAcceptance } from "~/domain/accounts/terms-acceptance.server";
import { strFromU8, unzipSync, type Unzipped } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/domain/chat/send-message.server";
import { syncPayment } from "~/domain/payments/sync-payment.server";
import {
  buildDataExport,
  expireDataExports,
  requestDataExport,
  type DataExportJob,
} from "~/domain/privacy/data-export.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { QUEUES, jobs, stopJobs } from "~/lib/jobs.server";
import { fileStorage } from "~/lib/storage.server";
import { translatorFor } from "~/lib/translator.server";
import * as download from "~/routes/settings.data-export.$id";
import * as settings from "~/routes/settings";
import * as staffAction from "~/routes/staff.members.$id.$action";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { buy, buyer } from "../fixtures/purchases";
import { post, runRoute, siteRequest } from "../fixtures/run-route";

const t = translatorFor("nl");
const HOUR = 3_600_000;
let site: Site;

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

/** Runs the queued archive job of `exportId` as a worker would: fetched from the queue, then done. */
async function runExportJob(exportId: number) {
  const boss = await jobs();
  const queued = await boss.fetch<DataExportJob>(QUEUES.dataExport, { batchSize: 50 });
  const job = queued.find((j) => j.data.exportId === exportId);
  if (!job) throw new Error(`No queued job for export ${exportId}`);
  await buildDataExport(job.data);
  await boss.complete(QUEUES.dataExport, job.id);
}

async function archiveOf(exportId: number): Promise<Unzipped> {
  const row = await db().dataExport.findUniqueOrThrow({ where: { id: exportId } });
  expect(row.status).toBe("ready");
  const bytes = await fileStorage().read(row.storageKey!);
  expect(bytes?.length).toBe(row.sizeBytes);
  return unzipSync(new Uint8Array(bytes!));
}

const json = (files: Unzipped, name: string) =>
  JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;

/** A member with a started and finished archive. */
async function memberWithArchive(options: Parameters<typeof createMember>[0] = {}) {
  const member = await createMember(options);
  const made = await requestDataExport({ userId: member.userId, siteId: site.id, origin: ORIGIN });
  if (!made.ok) throw new Error(made.error);
  await runExportJob(made.exportId);
  return { member, exportId: made.exportId };
}

/** The download route's answer, with the Response itself when it sent a file. */
async function fetchArchive(who: Member | null, exportId: number | string) {
  let response: Response | null = null;
  const loader = (async (args: never) => {
    const answer = await download.loader(args);
    response = answer;
    return answer;
  }) as never;
  const outcome = await runRoute(
    await siteRequest(`/settings/data-export/${exportId}`, who?.userId ?? null),
    loader,
    { id: String(exportId) },
  );
  return { ...outcome, response: response as Response | null };
}

describe("the archive", () => {
  it("holds the member's data with photos as stored, and never another member's address", async () => {
    const mila = await buyer({
      name: "Mila",
      credits: 100,
      photos: [{}, { visibility: "private" }, { status: "deleted" }],
    });
    const otto = await createMember({
      name: "Otto",
      gender: "male",
      email: "otto-geheim@example.com",
      credits: 100,
    });
    const storage = fileStorage();
    const photos = await db().photo.findMany({
      where: { profileId: mila.profileId },
      orderBy: { id: "asc" },
    });
    await storage.write(photos[0]!.filename, Buffer.from("RIFF-mila-openbaar"));
    await storage.write(photos[1]!.filename, Buffer.from("RIFF-mila-prive"));
    await db().photo.update({
      where: { id: photos[2]!.id },
      data: { rejectionReason: "Geen gezicht te zien" },
    });

    await db().like.create({ data: { likerId: mila.userId, likedId: otto.userId } });
    const sent = await sendMessage({
      senderId: mila.userId,
      site,
      to: { profileId: otto.profileId },
      content: { kind: "text", body: "Hoi Otto, zin in koffie?" },
    });
    expect(sent.ok).toBe(true);
    const reply = await sendMessage({
      senderId: otto.userId,
      site,
      to: { profileId: mila.profileId },
      content: { kind: "text", body: "Graag! Zaterdag?" },
    });
    expect(reply.ok).toBe(true);
    // A chat photo each: Mila's goes into her archive, Otto's is his and stays out.
    const conversation = await db().conversationMember.findFirstOrThrow({
      where: { userId: mila.userId },
      select: { conversationId: true },
    });
    const chatPhotos = [];
    for (const [owner, bytes] of [
      [mila, "RIFF-mila-chatfoto"],
      [otto, "RIFF-otto-chatfoto"],
    ] as const) {
      const photo = await db().chatPhoto.create({
        data: {
          ownerId: owner.userId,
          filename: `chat/${owner.userId}-export.webp`,
          thumbFilename: `chat/${owner.userId}-export-thumb.webp`,
          width: 1,
          height: 1,
        },
      });
      await storage.write(photo.filename, Buffer.from(bytes));
      await db().message.create({
        data: {
          conversationId: conversation.conversationId,
          senderId: owner.userId,
          kind: "photo",
          chatPhotoId: photo.id,
          credits: 0,
        },
      });
      chatPhotos.push(photo);
    }
    const purchase = await buy(mila);
    // Booked as the return page books it (the simulator's webhook cannot reach this test's address).
    await syncPayment(purchase.mollieId, ORIGIN);

    // Changed terms she accepted when asked (her signup's own acceptance predates the record).
    const termsVersion = new Date("2026-11-01T12:00:00Z");
    await recordTermsAcceptance({ userId: mila.userId, termsVersion, ip: "192.0.2.7" });

    const made = await requestDataExport({ userId: mila.userId, siteId: site.id, origin: ORIGIN });
    expect(made.ok).toBe(true);
    const exportId = (made as { exportId: number }).exportId;
    expect(await db().dataExport.findUniqueOrThrow({ where: { id: exportId } })).toMatchObject({
      status: "pending",
      requestedById: null,
    });
    await runExportJob(exportId);
    const files = await archiveOf(exportId);

    const readme = strFromU8(files["README.txt"]!);
    expect(readme).toContain(t("dataExport:readme.title", { siteName: site.name }));
    expect(readme).toContain(t("dataExport:readme.sections.conversations"));
    expect(readme).toContain("direct-debit.json");

    const account = json(files, "account.json");
    expect(account.account).toMatchObject({ email: mila.email, language: "nl", premium: true });
    expect(account.profile).toMatchObject({ profileName: "Mila", city: "Amersfoort" });
    const user = await db().user.findUniqueOrThrow({ where: { id: mila.userId } });
    expect(json(files, "consent.json").termsAccepted).toEqual([
      expect.objectContaining({
        version: termsVersion.toISOString(),
        how: t("dataExport:archive.whenAsked"),
      }),
      expect.objectContaining({
        acceptedAt: user.signupDate.toISOString(),
        how: t("dataExport:archive.atSignup"),
      }),
    ]);

    // Photos: the public and the private one as stored; the rejected one listed with its reason.
    expect(strFromU8(files[`photos/${photos[0]!.id}.webp`]!)).toBe("RIFF-mila-openbaar");
    expect(strFromU8(files[`photos/${photos[1]!.id}.webp`]!)).toBe("RIFF-mila-prive");
    expect(files[`photos/${photos[2]!.id}.webp`]).toBeUndefined();
    expect(json(files, "photos.json").photos).toEqual([
      expect.objectContaining({
        file: `photos/${photos[0]!.id}.webp`,
        visibility: "public",
        mainPhoto: true,
      }),
      expect.objectContaining({ file: `photos/${photos[1]!.id}.webp`, visibility: "private" }),
      expect.objectContaining({ file: null, status: "deleted", rejectionReason: "Geen gezicht te zien" }),
    ]);

    expect(json(files, "likes.json").likesGiven).toEqual([expect.objectContaining({ member: "Otto" })]);

    const chats = Object.keys(files).filter((name) => name.startsWith("conversations/"));
    expect(chats).toEqual(["conversations/001-Otto.json"]);
    const chat = json(files, chats[0]!);
    expect(chat.with).toBe("Otto");
    expect(chat.messages).toEqual([
      expect.objectContaining({
        from: t("dataExport:archive.you"),
        text: "Hoi Otto, zin in koffie?",
        creditsYouPaid: 10,
      }),
      expect.objectContaining({ from: "Otto", text: "Graag! Zaterdag?", creditsYouPaid: null }),
      expect.objectContaining({ type: "photo", photo: `chat-photos/${chatPhotos[0]!.id}.webp` }),
      expect.objectContaining({ type: "photo", from: "Otto", photo: null }),
    ]);
    expect(strFromU8(files[`chat-photos/${chatPhotos[0]!.id}.webp`]!)).toBe("RIFF-mila-chatfoto");
    expect(files[`chat-photos/${chatPhotos[1]!.id}.webp`]).toBeUndefined();

    const payments = json(files, "payments.json");
    expect(payments.payments).toEqual([
      expect.objectContaining({
        order: purchase.paymentId,
        paymentProviderId: purchase.mollieId,
        amountCents: purchase.amountCents,
        status: "paid",
      }),
    ]);
    const credits = json(files, "credits.json");
    expect(credits.ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: "purchase", change: purchase.creditPackage.credits }),
      ]),
    );

    // Every file is readable JSON (or the README), and nothing names Otto's address or account.
    const everything = Object.entries(files)
      .filter(([name]) => !name.endsWith(".webp"))
      .map(([name, bytes]) => {
        const text = strFromU8(bytes);
        if (name.endsWith(".json")) expect(() => JSON.parse(text), name).not.toThrow();
        return text;
      })
      .join("\n");
    expect(everything).not.toContain(otto.email);
    expect(everything).not.toContain("RIFF-otto");
    expect(everything).not.toMatch(/"(userId|otherUserId|likedId|senderId)"/);

    // The mail goes to the member, with the download's address.
    const mail = await db().mail.findFirstOrThrow({
      where: { template: "dataExportReady", userId: mila.userId },
    });
    expect(mail.to).toBe(mila.email);
    expect(mail.subject).toBe(t("mail:dataExportReady.subject", { siteName: site.name }));
    expect(mail.text).toContain(`${ORIGIN}/settings/data-export/${exportId}`);
  });

  it("is written to storage as the archive is made, without a file left by a failure", async () => {
    const member = await createMember({ photos: [{}] });
    const made = await requestDataExport({ userId: member.userId, siteId: site.id, origin: ORIGIN });
    const exportId = (made as { exportId: number }).exportId;
    // A section that fails halfway (the photo's row points at a storage key that is no valid key).
    await db().photo.updateMany({
      where: { profileId: member.profileId },
      data: { filename: "../outside.webp" },
    });
    await expect(buildDataExport({ exportId, origin: ORIGIN })).rejects.toThrow(/Invalid storage key/);
    expect(await db().dataExport.findUniqueOrThrow({ where: { id: exportId } })).toMatchObject({
      status: "pending",
      storageKey: null,
    });
    expect(await db().mail.count({ where: { userId: member.userId, template: "dataExportReady" } })).toBe(0);
  });
});

describe("the download", () => {
  it("is the member's alone: another member gets 404, a visitor logs in first", async () => {
    const { member, exportId } = await memberWithArchive({ name: "Eigenaar" });
    const other = await createMember();

    const own = await fetchArchive(member, exportId);
    expect(own.status).toBe(200);
    expect(own.response!.headers.get("Content-Type")).toBe("application/zip");
    expect(own.response!.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="hartklop-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await own.response!.arrayBuffer()));
    expect(json(files, "account.json").profile).toMatchObject({ profileName: "Eigenaar" });

    expect((await fetchArchive(other, exportId)).status).toBe(404);
    const visitor = await fetchArchive(null, exportId);
    expect(visitor.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/settings/data-export/${exportId}`)}`,
    );
    expect((await fetchArchive(member, "abc")).status).toBe(404);
    expect((await fetchArchive(member, exportId + 1000)).status).toBe(404);
  });

  it("ends after 48 hours: the page says it expired, and the clean-up removes the file", async () => {
    const { member, exportId } = await memberWithArchive();
    const row = await db().dataExport.findUniqueOrThrow({ where: { id: exportId } });
    expect(row.expiresAt!.getTime() - row.readyAt!.getTime()).toBe(48 * HOUR);
    const settingsPage = async () =>
      (await runRoute(await siteRequest("/settings", member.userId), settings.loader)).body as unknown as {
        dataExport: { state: string; id?: number };
      };
    expect((await settingsPage()).dataExport).toMatchObject({ state: "ready", id: exportId });

    // The clean-up an hour before the end leaves it; past the end the link already refuses.
    expect(await expireDataExports(new Date(row.expiresAt!.getTime() - HOUR))).toMatchObject({ expired: 0 });
    await db().dataExport.update({
      where: { id: exportId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await fetchArchive(member, exportId);
    expect(late.location).toBe("/settings?dataExport=expired#data-export-title");
    expect((await settingsPage()).dataExport).toMatchObject({ state: "expired" });

    expect((await expireDataExports()).expired).toBeGreaterThanOrEqual(1);
    expect(await fileStorage().exists(row.storageKey!)).toBe(false);
    expect(await db().dataExport.findUniqueOrThrow({ where: { id: exportId } })).toMatchObject({
      status: "expired",
      storageKey: null,
    });
    expect((await fetchArchive(member, exportId)).location).toBe(
      "/settings?dataExport=expired#data-export-title",
    );
  });

  it("of a deleted account is removed at the next clean-up", async () => {
    const { member, exportId } = await memberWithArchive();
    const { storageKey } = await db().dataExport.findUniqueOrThrow({ where: { id: exportId } });
    await db().user.update({
      where: { id: member.userId },
      data: { status: "deleted", deletedAt: new Date() },
    });
    await expireDataExports();
    expect(await fileStorage().exists(storageKey!)).toBe(false);
  });
});

describe("one archive a day", () => {
  it("refuses a second within 24 hours with when the next is possible, and allows it after", async () => {
    const { member, exportId } = await memberWithArchive();
    const first = await db().dataExport.findUniqueOrThrow({ where: { id: exportId } });
    const again = await requestDataExport({ userId: member.userId, siteId: site.id, origin: ORIGIN });
    expect(again).toEqual({
      ok: false,
      error: "tooSoon",
      nextAt: new Date(first.createdAt.getTime() + 24 * HOUR),
    });

    // The settings form answers 429 with the time; the page offers no button until then.
    const posted = await post("/settings", member, { intent: "dataExport" }, settings.action);
    expect(posted.status).toBe(429);
    expect(posted.body).toEqual({ intent: "dataExport", tooSoon: expect.any(String) });
    const page = (await runRoute(await siteRequest("/settings", member.userId), settings.loader))
      .body as unknown as {
      dataExport: { nextAt: string | null };
    };
    expect(page.dataExport.nextAt).toBe(posted.body!.tooSoon);
    expect(await db().dataExport.count({ where: { userId: member.userId } })).toBe(1);

    await db().dataExport.update({
      where: { id: exportId },
      data: { createdAt: new Date(Date.now() - 24 * HOUR - 1000) },
    });
    const later = await post("/settings", member, { intent: "dataExport" }, settings.action);
    expect(later.location).toBe("/settings?dataExport=requested#data-export-title");
    const page2 = (await runRoute(await siteRequest("/settings", member.userId), settings.loader))
      .body as unknown as {
      dataExport: { state: string };
    };
    expect(page2.dataExport.state).toBe("pending");
  });

  it("does not count an archive that failed", async () => {
    const member = await createMember();
    const made = await requestDataExport({ userId: member.userId, siteId: site.id, origin: ORIGIN });
    expect(made.ok).toBe(true);
    // Still not made after its tries: the clean-up marks it failed.
    await db().dataExport.updateMany({
      where: { userId: member.userId },
      data: { createdAt: new Date(Date.now() - 3 * HOUR) },
    });
    expect((await expireDataExports()).failed).toBeGreaterThanOrEqual(1);
    expect((await requestDataExport({ userId: member.userId, siteId: site.id, origin: ORIGIN })).ok).toBe(
      true,
    );
  });
});

describe("staff", () => {
  const path = (memberId: number) => `/staff/members/${memberId}/export`;
  const params = (memberId: number) => ({ id: String(memberId), action: "export" });

  it("start one for the member: logged, and the archive and its mail go to the member", async () => {
    const support = await createMember({ role: "support", email: "support-export@example.com" });
    const member = await createMember({ name: "Gevraagd", language: "de" });

    const page = await runRoute(
      await siteRequest(path(member.userId), support.userId),
      staffAction.loader,
      params(member.userId),
    );
    expect(page.status).toBe(200);
    const done = await post(
      path(member.userId),
      support,
      { reason: "Verzoek per brief" },
      staffAction.action,
      {
        params: params(member.userId),
      },
    );
    expect(done.location).toBe(`/staff/members/${member.userId}?done=export`);

    const row = await db().dataExport.findFirstOrThrow({ where: { userId: member.userId } });
    expect(row.requestedById).toBe(support.userId);
    const logged = await db().staffAction.findFirstOrThrow({
      where: { targetType: "user", targetId: member.userId },
      orderBy: { id: "desc" },
    });
    expect(logged).toMatchObject({
      action: "data_export_started",
      staffId: support.userId,
      detail: { reason: "Verzoek per brief", before: {}, after: { archive: row.id, mailedTo: member.email } },
    });

    await runExportJob(row.id);
    const mails = await db().mail.findMany({ where: { template: "dataExportReady", userId: member.userId } });
    expect(mails.map((m) => m.to)).toEqual([member.email]);
    // In the member's language.
    expect(mails[0]!.subject).toBe(
      translatorFor("de")("mail:dataExportReady.subject", { siteName: site.name }),
    );
    expect(await db().mail.count({ where: { to: support.email } })).toBe(0);
    const files = await archiveOf(row.id);
    expect(json(files, "account.json").account).toMatchObject({ email: member.email, language: "de" });
    expect(strFromU8(files["README.txt"]!)).toContain(
      translatorFor("de")("dataExport:readme.sections.photos"),
    );

    // The limit holds for staff too: the page says until when, and a post changes nothing.
    const refused = await runRoute(
      await siteRequest(path(member.userId), support.userId),
      staffAction.loader,
      params(member.userId),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      refusal: "exportTooSoon",
      refusalValues: { at: expect.any(String) },
    });
    const again = await post(path(member.userId), support, { reason: "Nog een keer" }, staffAction.action, {
      params: params(member.userId),
    });
    expect(again.status).toBe(409);
    expect(await db().dataExport.count({ where: { userId: member.userId } })).toBe(1);
    expect(
      await db().staffAction.count({ where: { action: "data_export_started", targetId: member.userId } }),
    ).toBe(1);
  });
});
