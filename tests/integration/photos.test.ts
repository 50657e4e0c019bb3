import { createServer, type Server } from "node:http";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { deletePhoto, setMainPhoto, setPhotoVisibility } from "~/domain/photos/manage.server";
import { approvePhoto, listPhotosForReview, rejectPhoto } from "~/domain/photos/moderation.server";
import { photoForViewer } from "~/domain/photos/access.server";
import {
  imageDecodes,
  MAX_UPLOAD_BODY_BYTES,
  MAX_UPLOAD_BYTES,
  photoLimitFor,
  uploadPhoto,
} from "~/domain/photos/upload.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import type { StaffActor } from "~/domain/staff/staff-actions.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { stopJobs } from "~/lib/jobs.server";
import { fileStorage } from "~/lib/storage.server";
import { translatorFor } from "~/lib/translator.server";
import { loader as rootLoader } from "~/root";
import { loader as photoLoader } from "~/routes/photos.$photoId.$size";
import { action as photosAction } from "~/routes/profile.photos";
import { action as chatPhotoAction } from "~/routes/chats.photo";
import { changeCredits } from "~/domain/credits/credits.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import StaffPhotosRoute, { action as staffAction, loader as staffLoader } from "~/routes/staff.photos";
import { seedBaseData } from "../../prisma/seed/base-data";
import { contextFor, createMember, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";
import { untilAStatementWaitsOnALock } from "../fixtures/lock-waits";
import type { RootData } from "~/lib/root-data";

const ORIGIN = "http://hartklop.test";
let site: Site;
/** The staff member moderating in the domain-level tests. */
let moderator: StaffActor;

/**
 * sharp's work in flight (metadata and toBuffer calls, the app's and the tests' own): how many
 * images are being decoded at once. While `hold` is set, each call waits for it before it starts.
 */
const decoding = vi.hoisted(() => ({ now: 0, most: 0, hold: null as Promise<void> | null }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  const track = async <T>(work: () => Promise<T>) => {
    decoding.now++;
    decoding.most = Math.max(decoding.most, decoding.now);
    try {
      await decoding.hold;
      return await work();
    } finally {
      decoding.now--;
    }
  };
  type Call = (...args: unknown[]) => Promise<unknown>;
  const counted = (...args: unknown[]) => {
    const image = (real as (...a: unknown[]) => ReturnType<typeof sharp>)(...args);
    const metadata = image.metadata as Call;
    const toBuffer = image.toBuffer as Call;
    image.metadata = (() => track(() => metadata.call(image))) as typeof image.metadata;
    image.toBuffer = ((...options: unknown[]) =>
      track(() => toBuffer.apply(image, options))) as typeof image.toBuffer;
    return image;
  };
  return { default: Object.assign(counted, real) };
});

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a thrown response");
}

function statusOf(value: unknown): number {
  if (value instanceof Response) return value.status;
  const init = (value as { init?: { status?: number } | null }).init;
  return init?.status ?? 200;
}

async function jpeg(width = 400, height = 300) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
}

/**
 * A 64 x 48 HEIC (HEVC-coded, as iPhones save photos), made with libheif's heif-enc (x265). The
 * sharp we ship reads its header but cannot decode HEVC.
 */
const HEIC_PHOTO = Buffer.from(
  "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAGQACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAACFtZGF0AAAAFSgBrxmA70mlv//MmRFYC/2mtaY+bg==",
  "base64",
);

const fileOf = (bytes: Buffer | Uint8Array, name = "foto.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

async function upload(member: Member, bytes?: Buffer, visibility: "public" | "private" = "public") {
  const { paidUser } = await db().user.findUniqueOrThrow({
    where: { id: member.userId },
    select: { paidUser: true },
  });
  const result = await uploadPhoto({
    profileId: member.profileId,
    paidUser,
    file: fileOf(bytes ?? (await jpeg())),
    visibility,
  });
  if (!result.ok) throw new Error(`upload refused: ${result.error}`);
  return result.photoId;
}

/** A photo through the serving route as a viewer sees it. */
async function fetchPhoto(photoId: number, viewer: Member | null, size = "large", on: Site = site) {
  const args = {
    request: new Request(`${ORIGIN}/photos/${photoId}/${size}`),
    params: { photoId: String(photoId), size },
    context: await contextFor(viewer, on),
  } as unknown as Parameters<typeof photoLoader>[0];
  try {
    const response = await photoLoader(args);
    return { status: response.status, cache: response.headers.get("Cache-Control") };
  } catch (error) {
    return { status: statusOf(error), cache: null };
  }
}

async function storedFiles(profileId: number): Promise<string[]> {
  try {
    return await readdir(path.join(env().DATA_DIR, "uploads", "photos", String(profileId)));
  } catch {
    return [];
  }
}

async function postUpload(member: Member, file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.set("photo", file);
  form.set("visibility", "public");
  const request = new Request(`${ORIGIN}/profile/photos`, { method: "POST", body: form, signal });
  const args = {
    request,
    params: {},
    context: await contextFor(member, site),
  } as unknown as Parameters<typeof photosAction>[0];
  return photosAction(args);
}

const BOUNDARY = "----hartklop-test-boundary";
const CHUNK = 64 * 1024;

/** The upload form's multipart body as a browser sends it: the file, then the visibility. */
function multipartUpload(file: Uint8Array): Buffer {
  const part = (headers: string) => Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`);
  return Buffer.concat([
    part('Content-Disposition: form-data; name="photo"; filename="foto.jpg"\r\nContent-Type: image/jpeg'),
    file,
    Buffer.from("\r\n"),
    part('Content-Disposition: form-data; name="visibility"'),
    Buffer.from(`public\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Posts the body in chunks (with its Content-Length or without, as chunked), counting what the action read. */
async function postBody(member: Member, body: Buffer, { contentLength }: { contentLength: boolean }) {
  const read = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = body.subarray(read.bytes, read.bytes + CHUNK);
      read.bytes += piece.length;
      controller.enqueue(new Uint8Array(piece));
      if (read.bytes >= body.length) controller.close();
    },
  });
  const headers = new Headers({ "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` });
  if (contentLength) headers.set("Content-Length", String(body.length));
  const request = new Request(`${ORIGIN}/profile/photos`, {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  const args = {
    request,
    params: {},
    context: await contextFor(member, site),
  } as unknown as Parameters<typeof photosAction>[0];
  return { result: (await photosAction(args)) as unknown, read };
}

const uploadErrorOf = (result: unknown) =>
  (result as { data?: { uploadError?: { error: string } } }).data?.uploadError?.error;

async function postForm(
  action: typeof photosAction | typeof staffAction,
  url: string,
  member: Member,
  fields: Record<string, string>,
) {
  const request = new Request(`${ORIGIN}${url}`, { method: "POST", body: new URLSearchParams(fields) });
  const args = { request, params: {}, context: await contextFor(member, site) };
  return (action as (a: unknown) => Promise<unknown>)(args);
}

const photoRow = (id: number) =>
  db().photo.findUnique({
    where: { id },
    select: { status: true, reviewedAt: true, rejectionReason: true, filename: true, thumbFilename: true },
  });
const mainOf = async (profileId: number) =>
  (await db().profile.findUniqueOrThrow({ where: { id: profileId }, select: { mainPhotoId: true } }))
    .mainPhotoId;

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
  moderator = { id: (await createMember({ role: "admin" })).userId, siteId: site.id };
});

afterAll(async () => {
  await stopJobs();
});

describe("uploading", () => {
  it("stores a large WebP and a thumbnail under photos/<profileId>/, status inspection, public by default", async () => {
    const member = await createMember();
    const id = await upload(member, await jpeg(3000, 2000));
    const row = await db().photo.findUniqueOrThrow({
      where: { id },
      select: {
        status: true,
        visibility: true,
        filename: true,
        thumbFilename: true,
        width: true,
        height: true,
      },
    });
    expect(row.status).toBe("inspection");
    expect(row.visibility).toBe("public");
    expect(row.filename).toMatch(new RegExp(`^photos/${member.profileId}/[0-9a-f]{32}\\.webp$`));
    expect(row.thumbFilename).toMatch(new RegExp(`^photos/${member.profileId}/[0-9a-f]{32}-thumb\\.webp$`));
    expect([row.width, row.height]).toEqual([1200, 800]);
    const large = await sharp((await fileStorage().read(row.filename))!).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 1200, 800]);
    const thumb = await sharp((await fileStorage().read(row.thumbFilename))!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 240, 300]);
  });

  it("keeps a chosen private visibility", async () => {
    const member = await createMember();
    const id = await upload(member, undefined, "private");
    expect(
      (await db().photo.findUniqueOrThrow({ where: { id }, select: { visibility: true } })).visibility,
    ).toBe("private");
  });

  it("strips EXIF (GPS included) and turns the photo upright by its orientation", async () => {
    const member = await createMember();
    const withExif = await sharp(await jpeg(200, 100))
      .withExif({
        IFD0: { Copyright: "Geheim", Make: "Camera" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "52/1 5/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "4/1 53/1 0/1",
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const input = await sharp(withExif).metadata();
    expect(input.exif).toBeDefined();
    expect(input.exif!.toString("latin1")).toContain("Geheim");
    // The GPS IFD pointer (tag 0x8825, little-endian TIFF) is in the uploaded file.
    expect(input.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(input.orientation).toBe(6);

    const id = await upload(member, withExif);
    const row = await db().photo.findUniqueOrThrow({
      where: { id },
      select: { filename: true, thumbFilename: true },
    });
    for (const key of [row.filename, row.thumbFilename]) {
      const bytes = (await fileStorage().read(key))!;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(bytes.toString("latin1")).not.toContain("Geheim");
      expect(bytes.toString("latin1")).not.toContain("EXIF");
    }
    const large = await sharp((await fileStorage().read(row.filename))!).metadata();
    expect([large.width, large.height]).toEqual([100, 200]);
  });
});

describe("bad uploads: a clear message and nothing stored", () => {
  const nl = translatorFor("nl");
  const cases: [string, () => Promise<File>, string][] = [
    [
      "a text file named .jpg",
      async () => fileOf(Buffer.from("Dit is geen foto\n".repeat(50)), "foto.jpg"),
      "notImage",
    ],
    [
      "a truncated JPEG",
      async () => {
        const whole = await jpeg(800, 600);
        return fileOf(whole.subarray(0, Math.floor(whole.length * 0.6)));
      },
      "broken",
    ],
    ["a 30 MB file", async () => fileOf(Buffer.alloc(30 * 1024 * 1024, 0xff), "groot.jpg"), "tooLarge"],
    ["an iPhone's HEIC photo", async () => fileOf(HEIC_PHOTO, "IMG_0001.HEIC", "image/heic"), "heic"],
    [
      "a HEIC photo whose header cannot be read either (sniffed by its brand)",
      async () => fileOf(HEIC_PHOTO.subarray(0, 40), "IMG_0002.HEIC", "image/heic"),
      "heic",
    ],
    [
      "a PNG bomb (over 40 megapixels in a small file)",
      async () => {
        const bomb = await sharp({
          create: { width: 7000, height: 6000, channels: 3, background: "#000000" },
        })
          .png({ compressionLevel: 9 })
          .toBuffer();
        expect(bomb.length).toBeLessThan(1024 * 1024);
        expect(7000 * 6000).toBeGreaterThan(40_000_000);
        return fileOf(bomb, "bom.png", "image/png");
      },
      "tooManyPixels",
    ],
  ];

  it.each(cases)("%s", async (_name, makeFile, error) => {
    const member = await createMember();
    const file = await makeFile();
    const result = (await postUpload(member, file)) as {
      data: { uploadError: { error: string } };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.uploadError.error).toBe(error);
    expect(await db().photo.count({ where: { profileId: member.profileId } })).toBe(0);
    expect(await storedFiles(member.profileId)).toEqual([]);
    // The message exists in Dutch and resolves in other languages (translations follow later).
    const key = `photos:upload.errors.${error}`;
    expect(nl(key)).not.toBe(key.slice("photos:".length));
    expect(nl(key)).not.toContain("photos:");
    expect(translatorFor("de")(key)).not.toContain("upload.errors");
  });

  it("says which formats and sizes are accepted: not HEIC, which cannot be decoded here", () => {
    expect(nl("photos:upload.errors.notImage")).toBe(
      "Dit bestand is geen foto. Kies een JPEG-, PNG-, WebP- of GIF-bestand.",
    );
    expect(nl("photos:upload.hint")).toBe("JPEG, PNG, WebP of GIF, maximaal 10 MB.");
    expect(nl("photos:upload.errors.heic")).toBe("HEIC-foto's kunnen we niet lezen; kies een JPEG of PNG.");
    for (const locale of SUPPORTED_LOCALES) {
      const t = translatorFor(locale);
      for (const key of [
        "photos:upload.hint",
        "photos:upload.errors.notImage",
        "chat-extras:photo.uploadHelp",
      ])
        expect(t(key)).not.toContain("HEIC");
      expect(t("photos:upload.errors.heic")).toContain("HEIC");
      expect(t("chat-extras:photoErrors.heic")).toContain("HEIC");
    }
    expect(nl("photos:upload.errors.tooLarge")).toBe(
      "Deze foto is te groot. Een foto mag maximaal 10 MB zijn.",
    );
  });

  it("still takes an AVIF (HEIF with AV1, which sharp decodes)", async () => {
    const member = await createMember();
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c03070" } })
      .avif()
      .toBuffer();
    expect(await upload(member, avif)).toBeGreaterThan(0);
  });

  it("a chat photo in HEIC gets the same refusal", async () => {
    const [sender, partner] = [await createMember(), await createMember({ gender: "male" })];
    await changeCredits({
      userId: sender.userId,
      delta: 50,
      reason: "correction",
      reference: `test:photos:heic:${sender.userId}`,
    });
    const form = new FormData();
    form.set("profileId", String(partner.profileId));
    form.set("photo", fileOf(HEIC_PHOTO, "IMG_0003.HEIC", "image/heic"));
    const sent = await runRoute(
      new Request(`${ORIGIN}/chats/photo`, {
        method: "POST",
        headers: { Cookie: await sessionCookie(sender.userId) },
        body: form,
      }),
      chatPhotoAction,
    );
    expect(sent).toMatchObject({
      status: 302,
      location: `/members/${partner.profileId}/chat?photoError=heic`,
    });
  });

  it("refuses an SVG (sniffed, whatever the name)", async () => {
    const member = await createMember();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const result = await uploadPhoto({
      profileId: member.profileId,
      paidUser: false,
      file: fileOf(svg, "x.jpg"),
    });
    expect(result).toEqual({ ok: false, error: "notImage" });
    expect(await storedFiles(member.profileId)).toEqual([]);
  });
});

describe("a small server: decoding and request bodies", () => {
  /** Holds sharp's work until the returned function is called. */
  function holdDecoding() {
    let release!: () => void;
    decoding.hold = new Promise((resolve) => (release = resolve));
    return () => {
      decoding.hold = null;
      release();
    };
  }

  it("decodes at most IMAGE_DECODE_CONCURRENCY (2) images at once; the others wait their turn and upload", async () => {
    expect(env().IMAGE_DECODE_CONCURRENCY).toBe(2);
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) members.push(await createMember());
    const photo = await jpeg(1600, 1200);
    decoding.most = 0;
    const release = holdDecoding();
    const uploads = members.map((member) => postUpload(member, fileOf(photo)));
    try {
      await vi.waitFor(() => expect([imageDecodes().active, imageDecodes().waiting]).toEqual([2, 4]), {
        timeout: 20_000,
      });
      expect(decoding.now).toBe(2);
    } finally {
      release();
    }
    for (const result of await Promise.all(uploads)) {
      expect((result as Response).headers.get("Location")).toBe("/profile/photos?notice=uploaded");
    }
    expect(decoding.most).toBe(2);
    expect([imageDecodes().active, imageDecodes().waiting]).toEqual([0, 0]);
  });

  it("an upload whose member left while it waited for its turn leaves the queue and stores nothing", async () => {
    const [a, b, c] = [await createMember(), await createMember(), await createMember()];
    const photo = await jpeg();
    const release = holdDecoding();
    const first = [postUpload(a, fileOf(photo)), postUpload(b, fileOf(photo))];
    const left = new AbortController();
    try {
      await vi.waitFor(() => expect(imageDecodes().active).toBe(2), { timeout: 20_000 });
      const waiting = postUpload(c, fileOf(photo), left.signal);
      await vi.waitFor(() => expect(imageDecodes().waiting).toBe(1), { timeout: 20_000 });
      left.abort();
      await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
      expect(imageDecodes().waiting).toBe(0);
    } finally {
      release();
    }
    for (const result of await Promise.all(first)) expect(statusOf(result)).toBe(302);
    expect(await db().photo.count({ where: { profileId: c.profileId } })).toBe(0);
    expect(await storedFiles(c.profileId)).toEqual([]);
  });

  it("the waiting line is bounded: beyond IMAGE_DECODE_CONCURRENCY + IMAGE_UPLOAD_QUEUE uploads, 'busy' before the body is read", async () => {
    const { IMAGE_DECODE_CONCURRENCY: decoders, IMAGE_UPLOAD_QUEUE: queue } = env();
    expect([decoders, queue]).toEqual([2, 8]);
    const members: Member[] = [];
    for (let i = 0; i < decoders + queue + 1; i++) members.push(await createMember());
    const late = members.pop()!;
    const photo = await jpeg();
    const release = holdDecoding();
    const uploads = members.map((member) => postUpload(member, fileOf(photo)));
    try {
      await vi.waitFor(
        () => expect([imageDecodes().active, imageDecodes().waiting]).toEqual([decoders, queue]),
        { timeout: 20_000 },
      );
      const { result, read } = await postBody(late, multipartUpload(photo), { contentLength: true });
      expect(statusOf(result)).toBe(503);
      expect(uploadErrorOf(result)).toBe("busy");
      // The stream is read ahead by one chunk whether or not anyone reads it.
      expect(read.bytes).toBeLessThanOrEqual(CHUNK);
      expect(imageDecodes().waiting).toBe(queue);

      // A chat photo shares the line: back to its page with ?photoError=busy, nothing sent or paid.
      const partner = await createMember({ gender: "male" });
      await changeCredits({
        userId: late.userId,
        delta: 50,
        reason: "correction",
        reference: `test:photos:busy:${late.userId}`,
      });
      const chat = new FormData();
      chat.set("profileId", String(partner.profileId));
      chat.set("photo", fileOf(photo));
      const sent = await runRoute(
        new Request(`${ORIGIN}/chats/photo`, {
          method: "POST",
          headers: {
            Cookie: await sessionCookie(late.userId),
            Referer: `${ORIGIN}/members/${partner.profileId}/chat`,
          },
          body: chat,
        }),
        chatPhotoAction,
      );
      expect(sent).toMatchObject({
        status: 302,
        location: `/members/${partner.profileId}/chat?photoError=busy`,
      });
      expect(await db().chatPhoto.count({ where: { ownerId: late.userId } })).toBe(0);
    } finally {
      release();
    }
    for (const result of await Promise.all(uploads)) {
      expect((result as Response).headers.get("Location")).toBe("/profile/photos?notice=uploaded");
    }
    expect([imageDecodes().active, imageDecodes().waiting, imageDecodes().admitted]).toEqual([0, 0, 0]);
    // With room again, the refused member uploads.
    expect(((await postUpload(late, fileOf(photo))) as Response).headers.get("Location")).toBe(
      "/profile/photos?notice=uploaded",
    );
  });

  it("an upload waiting its turn holds its file only: it is copied into a buffer once decoding starts", async () => {
    const [a, b, c] = [await createMember(), await createMember(), await createMember()];
    const photo = await jpeg();
    const release = holdDecoding();
    const first = [postUpload(a, fileOf(photo)), postUpload(b, fileOf(photo))];
    const file = fileOf(photo);
    const copies = vi.spyOn(file, "arrayBuffer");
    let waiting: ReturnType<typeof uploadPhoto> | undefined;
    try {
      await vi.waitFor(() => expect(imageDecodes().active).toBe(2), { timeout: 20_000 });
      waiting = uploadPhoto({ profileId: c.profileId, paidUser: false, file });
      await vi.waitFor(() => expect(imageDecodes().waiting).toBe(1), { timeout: 20_000 });
      expect(copies).not.toHaveBeenCalled();
    } finally {
      release();
    }
    expect(await waiting).toMatchObject({ ok: true });
    expect(copies).toHaveBeenCalledTimes(1);
    for (const result of await Promise.all(first)) expect(statusOf(result)).toBe(302);
  });

  it("has the 'busy' texts in every language", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const t = translatorFor(locale);
      expect(t("photos:upload.errors.busy")).not.toContain("errors.busy");
      expect(t("chat-extras:photoErrors.busy")).not.toContain("photoErrors.busy");
    }
    expect(translatorFor("nl")("photos:upload.errors.busy")).toBe(
      "Het is nu erg druk met foto's uploaden. Probeer het over een minuut opnieuw.",
    );
  });

  it("a body one byte over MAX_UPLOAD_BODY_BYTES is answered tooLarge (by its Content-Length: unread)", async () => {
    const member = await createMember();
    const envelope = multipartUpload(new Uint8Array(0)).length;
    const body = multipartUpload(new Uint8Array(MAX_UPLOAD_BODY_BYTES + 1 - envelope).fill(0xff));
    expect(body.length).toBe(MAX_UPLOAD_BODY_BYTES + 1);
    for (const contentLength of [true, false]) {
      const { result, read } = await postBody(member, body, { contentLength });
      expect(statusOf(result)).toBe(400);
      expect(uploadErrorOf(result)).toBe("tooLarge");
      // The stream is read ahead by one chunk whether or not anyone reads it.
      if (contentLength) expect(read.bytes).toBeLessThanOrEqual(CHUNK);
    }
    expect(await db().photo.count({ where: { profileId: member.profileId } })).toBe(0);
  });

  it("a larger body without Content-Length is cut off soon after the limit: tooLarge", async () => {
    const member = await createMember();
    const body = multipartUpload(new Uint8Array(30 * 1024 * 1024).fill(0xff));
    const { result, read } = await postBody(member, body, { contentLength: false });
    expect(statusOf(result)).toBe(400);
    expect(uploadErrorOf(result)).toBe("tooLarge");
    expect(read.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BODY_BYTES + 2 * CHUNK);
  });

  it("a photo of exactly MAX_UPLOAD_BYTES still uploads", async () => {
    const member = await createMember();
    const photo = await jpeg();
    // Bytes after the JPEG's end marker are ignored by the decoder: a valid photo of the largest size.
    const file = Buffer.concat([photo, Buffer.alloc(MAX_UPLOAD_BYTES - photo.length)]);
    const { result } = await postBody(member, multipartUpload(file), { contentLength: true });
    expect((result as Response).headers.get("Location")).toBe("/profile/photos?notice=uploaded");
    expect(await db().photo.count({ where: { profileId: member.profileId } })).toBe(1);
  });
});

describe("limits", () => {
  it("free members may have 3 photos, then get the message with the way to Premium", async () => {
    expect([photoLimitFor(false), photoLimitFor(true)]).toEqual([3, 25]);
    const member = await createMember();
    for (let i = 0; i < 3; i++) await upload(member);
    const result = await uploadPhoto({
      profileId: member.profileId,
      paidUser: false,
      file: fileOf(await jpeg()),
    });
    expect(result).toEqual({ ok: false, error: "limitReached", limit: 3 });
    expect(await storedFiles(member.profileId)).toHaveLength(6);

    const viaRoute = (await postUpload(member, fileOf(await jpeg()))) as {
      data: { uploadError: { error: string; limit: number } };
      init: { status: number };
    };
    expect(viaRoute.init.status).toBe(400);
    expect(viaRoute.data.uploadError).toEqual({ error: "limitReached", limit: 3 });
    expect(translatorFor("nl")("photos:upload.errors.limitReached", { limit: 3 })).toContain(
      "maximum van 3 foto's",
    );
  });

  it("deleted (rejected) photos do not count", async () => {
    const member = await createMember();
    const ids = [await upload(member), await upload(member), await upload(member)];
    expect(await rejectPhoto(ids[0]!, moderator, "Onscherp")).toBe(true);
    await upload(member);
    expect(
      await db().photo.count({ where: { profileId: member.profileId, status: { not: "deleted" } } }),
    ).toBe(3);
  });

  it("Premium members may have 25 photos", async () => {
    const member = await createMember({ paidUser: true });
    await db().photo.createMany({
      data: Array.from({ length: 24 }, (_, i) => ({
        profileId: member.profileId,
        filename: `limit-test/${member.profileId}-${i}.webp`,
        thumbFilename: `limit-test/${member.profileId}-${i}-thumb.webp`,
        width: 10,
        height: 10,
        status: i % 2 ? ("active" as const) : ("inspection" as const),
      })),
    });
    await upload(member);
    const result = await uploadPhoto({
      profileId: member.profileId,
      paidUser: true,
      file: fileOf(await jpeg()),
    });
    expect(result).toEqual({ ok: false, error: "limitReached", limit: 25 });
  });
});

describe("who may see a photo", () => {
  let owner: Member;
  let other: Member;
  let premium: Member;
  let staff: Member;

  beforeAll(async () => {
    owner = await createMember();
    other = await createMember();
    premium = await createMember({ paidUser: true });
    staff = await createMember({ role: "admin" });
  });

  it("under inspection: the owner (and staff) only, never cached", async () => {
    const id = await upload(owner);
    expect(await fetchPhoto(id, owner)).toEqual({ status: 200, cache: "private, no-store" });
    expect(await fetchPhoto(id, owner, "thumb")).toEqual({ status: 200, cache: "private, no-store" });
    expect((await fetchPhoto(id, staff)).status).toBe(200);
    expect((await fetchPhoto(id, other)).status).toBe(404);
    expect((await fetchPhoto(id, premium)).status).toBe(404);
    expect((await fetchPhoto(id, null)).status).toBe(404);
    // Staff of another site (a session opens only on its own site; the rule holds below it too).
    const otherSite = await db().site.findFirstOrThrow({
      where: { id: { not: site.id } },
      select: { id: true },
    });
    const elsewhere = { id: staff.userId, siteId: otherSite.id, paidUser: true, role: "admin" };
    expect(await photoForViewer(id, "large", elsewhere, otherSite.id)).toBeNull();
    expect(await photoForViewer(id, "large", { ...elsewhere, siteId: site.id }, site.id)).not.toBeNull();
    await approvePhoto(id, moderator);
  });

  it("active public: everyone, with long cache headers", async () => {
    const id = await upload(owner);
    await approvePhoto(id, moderator);
    for (const viewer of [owner, other, premium, null]) {
      expect(await fetchPhoto(id, viewer)).toEqual({
        status: 200,
        cache: "public, max-age=86400, s-maxage=600",
      });
    }
  });

  it("active private: the owner and Premium members only, never cached publicly", async () => {
    const id = await upload(owner, undefined, "private");
    await approvePhoto(id, moderator);
    expect(await fetchPhoto(id, owner)).toEqual({ status: 200, cache: "private, no-store" });
    expect(await fetchPhoto(id, premium)).toEqual({ status: 200, cache: "private, no-store" });
    expect((await fetchPhoto(id, other)).status).toBe(404);
    expect((await fetchPhoto(id, null)).status).toBe(404);
  });

  it("of another site's member: no one on this site, not even its Premium members", async () => {
    const { domain } = await db().site.findFirstOrThrow({
      where: { id: { not: site.id } },
      select: { domain: true },
    });
    const elsewhere = await resolveSite(domain);
    const here = await createMember();
    const [publicId, privateId] = [await upload(here), await upload(here, undefined, "private")];
    await approvePhoto(publicId, moderator);
    await approvePhoto(privateId, moderator);
    const premiumThere = await createMember({ siteId: elsewhere.id, paidUser: true });
    for (const id of [publicId, privateId]) {
      expect((await fetchPhoto(id, premiumThere, "large", elsewhere)).status).toBe(404);
      expect((await fetchPhoto(id, null, "thumb", elsewhere)).status).toBe(404);
    }
    expect((await fetchPhoto(privateId, premium)).status).toBe(200);
  });

  it("an id beyond the column's range is 404, not an error", async () => {
    expect((await fetchPhoto(2_147_483_648, owner)).status).toBe(404);
  });

  it("of a hidden member (invisible, unconfirmed): only the owner and conversation partners", async () => {
    for (const hiddenOwner of [
      await createMember({ invisible: true }),
      await createMember({ userStatus: "not_confirmed" }),
    ]) {
      const id = await upload(hiddenOwner);
      await approvePhoto(id, moderator);
      expect((await fetchPhoto(id, other)).status).toBe(404);
      expect((await fetchPhoto(id, null)).status).toBe(404);
      expect(await fetchPhoto(id, hiddenOwner)).toEqual({ status: 200, cache: "private, no-store" });
      const partner = await createMember();
      const [userAId, userBId] = [partner.userId, hiddenOwner.userId].sort((a, b) => a - b);
      const conversation = await db().conversation.create({
        data: { siteId: site.id, userAId: userAId!, userBId: userBId!, startedById: hiddenOwner.userId },
        select: { id: true },
      });
      await db().conversationMember.createMany({
        data: [
          { conversationId: conversation.id, userId: partner.userId, otherUserId: hiddenOwner.userId },
          { conversationId: conversation.id, userId: hiddenOwner.userId, otherUserId: partner.userId },
        ],
      });
      expect(await fetchPhoto(id, partner)).toEqual({ status: 200, cache: "private, no-store" });
    }
  });

  it("nothing across a block, in either direction", async () => {
    const [a, b] = [await createMember({ paidUser: true }), await createMember({ paidUser: true })];
    const photoOfA = await upload(a);
    await approvePhoto(photoOfA, moderator);
    const photoOfB = await upload(b);
    await approvePhoto(photoOfB, moderator);
    expect((await fetchPhoto(photoOfA, b)).status).toBe(200);

    await db().block.create({ data: { blockerId: a.userId, blockedId: b.userId } });
    expect((await fetchPhoto(photoOfA, b)).status).toBe(404); // blocked by the owner
    expect((await fetchPhoto(photoOfB, a)).status).toBe(404); // the viewer blocked the owner
    expect((await fetchPhoto(photoOfA, a)).status).toBe(200); // own photos stay visible
    expect((await fetchPhoto(photoOfA, other)).status).toBe(200);
  });

  it("a disabled profile's photos only to its owner; deleted photos to nobody", async () => {
    const member = await createMember();
    const id = await upload(member);
    await approvePhoto(id, moderator);
    await db().profile.update({ where: { id: member.profileId }, data: { status: "disabled" } });
    expect((await fetchPhoto(id, other)).status).toBe(404);
    expect((await fetchPhoto(id, member)).status).toBe(200);

    const rejected = await upload(member);
    await rejectPhoto(rejected, moderator, "Niet toegestaan");
    expect((await fetchPhoto(rejected, member)).status).toBe(404);
    expect((await fetchPhoto(rejected, staff)).status).toBe(404);
  });

  it("unknown photos and sizes are 404", async () => {
    const member = await createMember();
    expect((await fetchPhoto(999_999, member)).status).toBe(404);
    const id = await upload(member);
    expect((await fetchPhoto(id, member, "huge")).status).toBe(404);
  });

  it("has the texts for locked photos, word for word", () => {
    const nl = translatorFor("nl");
    expect(nl("photos:locked.visitor", { name: "Anna" })).toBe(
      "Om meer foto's van Anna te zien moet je ingelogd zijn",
    );
    expect(nl("photos:locked.premium")).toBe("Deze functie is alleen beschikbaar voor premium leden.");
  });
});

describe("moderation", () => {
  it("approving sets active and reviewedAt; the first public photo becomes the main photo", async () => {
    const member = await createMember();
    const first = await upload(member);
    const second = await upload(member);
    expect(await mainOf(member.profileId)).toBeNull();
    expect(await approvePhoto(first, moderator)).toBe(true);
    const row = await photoRow(first);
    expect(row?.status).toBe("active");
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    expect(await mainOf(member.profileId)).toBe(first);
    expect(await approvePhoto(second, moderator)).toBe(true);
    expect(await mainOf(member.profileId)).toBe(first);
    expect(await approvePhoto(second, moderator)).toBe(false); // only photos under inspection
  });

  it("a private photo is approved but does not become the main photo", async () => {
    const member = await createMember();
    const id = await upload(member, undefined, "private");
    await approvePhoto(id, moderator);
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it("rejecting sets deleted with the reason and removes the files", async () => {
    const member = await createMember();
    const id = await upload(member);
    expect(await storedFiles(member.profileId)).toHaveLength(2);
    expect(await rejectPhoto(id, moderator, "  Geen gezicht te zien  ")).toBe(true);
    const row = await photoRow(id);
    expect(row?.status).toBe("deleted");
    expect(row?.rejectionReason).toBe("Geen gezicht te zien");
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    expect(await storedFiles(member.profileId)).toEqual([]);
    expect(await rejectPhoto(id, moderator, "nog eens")).toBe(false);
  });

  it("staff of another site neither approve nor reject a photo", async () => {
    const member = await createMember();
    const id = await upload(member);
    const other = await db().site.findFirstOrThrow({ where: { id: { not: site.id } }, select: { id: true } });
    const outsider = await createMember({ role: "admin", siteId: other.id });
    const otherStaff = { id: outsider.userId, siteId: other.id };
    expect(await approvePhoto(id, otherStaff)).toBe(false);
    expect(await rejectPhoto(id, otherStaff, "Niet van jou")).toBe(false);
    expect(await db().photo.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({
      status: "inspection",
    });
  });

  /**
   * Runs `change` in a transaction that stays open until `during` is blocked on its row lock, as
   * when another staff member or the owner acts on the photo at the same moment.
   */
  async function whileLocked<T>(
    change: (tx: Prisma.TransactionClient) => Promise<unknown>,
    during: () => Promise<T>,
  ) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const transaction = db().$transaction(async (tx) => {
      await change(tx);
      locked();
      await held;
    });
    await hasLock;
    const outcome = during().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await untilAStatementWaitsOnALock();
    release();
    await transaction;
    return outcome;
  }

  it("a photo rejected while it is being approved stays rejected", async () => {
    const member = await createMember();
    const id = await upload(member);
    const outcome = await whileLocked(
      (tx) => tx.photo.updateMany({ where: { id, status: "inspection" }, data: { status: "deleted" } }),
      () => approvePhoto(id, moderator),
    );
    expect(outcome).toEqual({ value: false });
    expect((await photoRow(id))?.status).toBe("deleted");
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it("a photo deleted by its owner while it is being approved: false, no error", async () => {
    const member = await createMember();
    const id = await upload(member);
    const outcome = await whileLocked(
      (tx) => tx.photo.delete({ where: { id }, select: { id: true } }),
      () => approvePhoto(id, moderator),
    );
    expect(outcome).toEqual({ value: false });
    expect(await photoRow(id)).toBeNull();
  });

  it("a photo made private while it is being approved does not become the main photo", async () => {
    const member = await createMember();
    const id = await upload(member);
    const outcome = await whileLocked(
      (tx) => tx.photo.update({ where: { id }, data: { visibility: "private" }, select: { id: true } }),
      () => approvePhoto(id, moderator),
    );
    expect(outcome).toEqual({ value: true });
    expect((await photoRow(id))?.status).toBe("active");
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it("a photo moderated or deleted in the meantime: staff are sent back to the queue with a notice", async () => {
    const member = await createMember();
    const staff = await createMember({ role: "admin" });
    const approved = await upload(member);
    const deleted = await upload(member);
    await approvePhoto(approved, moderator);
    await db().photo.delete({ where: { id: deleted }, select: { id: true } });
    for (const fields of <Record<string, string>[]>[
      { intent: "approve", photoId: String(approved), page: "2" },
      { intent: "reject", photoId: String(approved), page: "2", reason: "Onscherp" },
      { intent: "approve", photoId: String(deleted), page: "2" },
      { intent: "reject", photoId: String(deleted), page: "2", reason: "Onscherp" },
    ]) {
      const response = (await postForm(staffAction, "/staff/photos", staff, fields)) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/staff/photos?page=2&done=stale");
    }
    expect((await photoRow(approved))?.status).toBe("active");
    const page = await runRoute<Awaited<ReturnType<typeof staffLoader>>>(
      await siteRequest("/staff/photos?done=stale", staff.userId),
      staffLoader as never,
    );
    expect(page.body?.done).toBe("stale");
    const { text } = renderRoute({
      Component: StaffPhotosRoute,
      path: "/staff/photos",
      url: "/staff/photos?done=stale",
      loaderData: page.body,
    });
    expect(text).toContain("Deze foto was al beoordeeld of is door het lid verwijderd");
  });

  it("lists photos under inspection oldest first, a page at a time", async () => {
    const REVIEW_PAGE_SIZE = 24;
    await db().photo.updateMany({ where: { status: "inspection" }, data: { status: "active" } });
    const member = await createMember({ paidUser: true });
    const base = Date.now() - 3600_000;
    await db().photo.createMany({
      data: Array.from({ length: REVIEW_PAGE_SIZE + 2 }, (_, i) => ({
        profileId: member.profileId,
        filename: `review/${i}.webp`,
        thumbFilename: `review/${i}-thumb.webp`,
        width: 10,
        height: 10,
        createdAt: new Date(base + (REVIEW_PAGE_SIZE + 2 - i) * 1000),
      })),
    });
    const first = await listPhotosForReview(site.id, 1);
    expect(first.total).toBe(REVIEW_PAGE_SIZE + 2);
    expect(first.pages).toBe(2);
    expect(first.photos).toHaveLength(REVIEW_PAGE_SIZE);
    const times = first.photos.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const second = await listPhotosForReview(site.id, 2);
    expect(second.photos).toHaveLength(2);
    expect(second.photos[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(times.at(-1)!);
    // Another site's staff do not see them.
    const other = await db().site.findFirstOrThrow({ where: { id: { not: site.id } }, select: { id: true } });
    expect(await listPhotosForReview(other.id, 1)).toMatchObject({ total: 0, photos: [] });
  });

  it("the staff page is for staff only; a rejection needs a reason", async () => {
    const member = await createMember();
    const staff = await createMember({ role: "admin" });
    const id = await upload(member);
    const asMember = await thrown(() =>
      postForm(staffAction, "/staff/photos", member, { intent: "approve", photoId: String(id) }),
    );
    expect(statusOf(asMember)).toBe(404);
    const loaderArgs = {
      request: new Request(`${ORIGIN}/staff/photos`),
      params: {},
      context: await contextFor(member, site),
    } as unknown as Parameters<typeof staffLoader>[0];
    expect(statusOf(await thrown(() => staffLoader(loaderArgs)))).toBe(404);

    const noReason = await postForm(staffAction, "/staff/photos", staff, {
      intent: "reject",
      photoId: String(id),
      reason: " ",
    });
    expect(statusOf(noReason)).toBe(400);
    expect((await photoRow(id))?.status).toBe("inspection");
    const rejected = (await postForm(staffAction, "/staff/photos", staff, {
      intent: "reject",
      photoId: String(id),
      reason: "Onscherp",
    })) as Response;
    expect(rejected.status).toBe(302);
    expect((await photoRow(id))?.rejectionReason).toBe("Onscherp");
  });
});

describe("managing own photos", () => {
  it("only an active public photo can be the main photo", async () => {
    const member = await createMember();
    const pending = await upload(member);
    expect(await setMainPhoto(member.profileId, pending)).toEqual({ ok: false, error: "notEligible" });
    const privatePhoto = await upload(member, undefined, "private");
    await approvePhoto(privatePhoto, moderator);
    expect(await setMainPhoto(member.profileId, privatePhoto)).toEqual({ ok: false, error: "notEligible" });
    await approvePhoto(pending, moderator);
    expect(await mainOf(member.profileId)).toBe(pending);
    // Somebody else's photo is not found.
    const stranger = await createMember();
    expect(await setMainPhoto(stranger.profileId, pending)).toEqual({ ok: false, error: "notFound" });

    // Making the main photo private ends it being the main photo; public again it can be chosen.
    expect(await setPhotoVisibility(member.profileId, pending, "private")).toBe(true);
    expect(await mainOf(member.profileId)).toBeNull();
    expect(await setPhotoVisibility(member.profileId, privatePhoto, "public")).toBe(true);
    expect(await setMainPhoto(member.profileId, privatePhoto)).toEqual({ ok: true });
    expect(await mainOf(member.profileId)).toBe(privatePhoto);
  });

  it("deleting removes the row and both files; a deleted main photo leaves no main photo", async () => {
    const member = await createMember();
    const id = await upload(member);
    await approvePhoto(id, moderator);
    expect(await mainOf(member.profileId)).toBe(id);
    const { filename, thumbFilename } = (await photoRow(id))!;
    expect(await fileStorage().exists(filename)).toBe(true);

    const stranger = await createMember();
    expect(await deletePhoto(stranger.profileId, id)).toBe(false);

    const response = (await postForm(photosAction, "/profile/photos", member, {
      intent: "delete",
      photoId: String(id),
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/photos?notice=deleted");
    expect(await photoRow(id)).toBeNull();
    expect(await fileStorage().exists(filename)).toBe(false);
    expect(await fileStorage().exists(thumbFilename)).toBe(false);
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it("changes visibility and main photo through the page's forms", async () => {
    const member = await createMember();
    const a = await upload(member);
    const b = await upload(member);
    await approvePhoto(a, moderator);
    await approvePhoto(b, moderator);
    const main = (await postForm(photosAction, "/profile/photos", member, {
      intent: "main",
      photoId: String(b),
    })) as Response;
    expect(main.headers.get("Location")).toBe("/profile/photos?notice=mainChanged");
    expect(await mainOf(member.profileId)).toBe(b);
    const visibility = (await postForm(photosAction, "/profile/photos", member, {
      intent: "visibility",
      photoId: String(a),
      visibility: "private",
    })) as Response;
    expect(visibility.headers.get("Location")).toBe("/profile/photos?notice=visibilityChanged");
    const other = await createMember();
    expect(
      statusOf(
        await thrown(() =>
          postForm(photosAction, "/profile/photos", other, { intent: "delete", photoId: String(a) }),
        ),
      ),
    ).toBe(404);
  });
});

describe("a main photo that goes: the newest other approved public photo takes its place", () => {
  /** A member with an approved public main photo, then (newer) an approved private, an approved public and a pending photo. */
  async function memberWithPhotos() {
    const member = await createMember({ paidUser: true });
    const main = await upload(member);
    await approvePhoto(main, moderator);
    const older = await upload(member);
    await approvePhoto(older, moderator);
    const newest = await upload(member);
    await approvePhoto(newest, moderator);
    const privatePhoto = await upload(member, undefined, "private");
    await approvePhoto(privatePhoto, moderator);
    const pending = await upload(member);
    // Distinct times, oldest first, whatever the clock's resolution.
    const ids = [main, older, newest, privatePhoto, pending];
    for (const [index, id] of ids.entries()) {
      await db().photo.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1 + index)) } });
    }
    expect(await mainOf(member.profileId)).toBe(main);
    return { member, main, older, newest, privatePhoto, pending };
  }

  it("deleting the main photo promotes the newest approved public photo, not a private or pending one", async () => {
    const { member, main, older, newest } = await memberWithPhotos();
    expect(await deletePhoto(member.profileId, main)).toBe(true);
    expect(await mainOf(member.profileId)).toBe(newest);
    // Deleting a photo that is not the main photo changes nothing.
    expect(await deletePhoto(member.profileId, older)).toBe(true);
    expect(await mainOf(member.profileId)).toBe(newest);
    // The last approved public photo goes: no main photo is left (private and pending ones never are).
    expect(await deletePhoto(member.profileId, newest)).toBe(true);
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it("making the main photo private promotes the newest other approved public photo", async () => {
    const { member, main, older, newest } = await memberWithPhotos();
    expect(await setPhotoVisibility(member.profileId, main, "private")).toBe(true);
    expect(await mainOf(member.profileId)).toBe(newest);
    expect(await setPhotoVisibility(member.profileId, older, "private")).toBe(true);
    expect(await mainOf(member.profileId)).toBe(newest);
    expect(await setPhotoVisibility(member.profileId, newest, "private")).toBe(true);
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it("through the page's forms too", async () => {
    const { member, main, newest } = await memberWithPhotos();
    const response = (await postForm(photosAction, "/profile/photos", member, {
      intent: "delete",
      photoId: String(main),
    })) as Response;
    expect(response.headers.get("Location")).toBe("/profile/photos?notice=deleted");
    expect(await mainOf(member.profileId)).toBe(newest);
  });
});

describe("the profile photo alert", () => {
  /** Whether the member's pages show the alert (the root loader decides). */
  const photoAlertShown = async (member: Member) =>
    (await runRoute<RootData>(await siteRequest("/members", member.userId), rootLoader)).body!.user!
      .photoAlert;

  it("shows without an active main photo until dismissed", async () => {
    const member = await createMember();
    expect(await photoAlertShown(member)).toBe(true);
    const response = (await postForm(photosAction, "/profile/photos", member, {
      intent: "dismissAlert",
      redirectTo: "/members?page=2",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/members?page=2");
    expect(await photoAlertShown(member)).toBe(false);
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { photoAlertDismissedAt: true },
    });
    expect(user.photoAlertDismissedAt).toBeInstanceOf(Date);

    const offsite = (await postForm(photosAction, "/profile/photos", member, {
      intent: "dismissAlert",
      redirectTo: "https://evil.example/",
    })) as Response;
    expect(offsite.headers.get("Location")).not.toContain("evil");
  });

  it("does not show with an active main photo", async () => {
    const member = await createMember();
    const id = await upload(member);
    expect(await photoAlertShown(member)).toBe(true);
    await approvePhoto(id, moderator);
    expect(await photoAlertShown(member)).toBe(false);
  });
});

describe("S3-compatible storage", () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];

  beforeAll(async () => {
    // A tiny stand-in for an S3 service (path-style: /<bucket>/<key>).
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const key = decodeURIComponent(new URL(req.url!, "http://s3").pathname);
        requests.push(`${req.method} ${key}`);
        if (req.method === "PUT") {
          objects.set(key, Buffer.concat(chunks));
          res.writeHead(200, { ETag: '"etag"' }).end();
        } else if (req.method === "DELETE") {
          objects.delete(key);
          res.writeHead(204).end();
        } else if (!objects.has(key)) {
          res.writeHead(404, { "Content-Type": "application/xml" });
          res.end(
            req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code><Message>no</Message></Error>",
          );
        } else {
          const body = objects.get(key)!;
          res.writeHead(200, { "Content-Length": body.length, "Content-Type": "application/octet-stream" });
          res.end(req.method === "HEAD" ? undefined : body);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address() as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes, reads, checks and removes objects by key in the bucket", async () => {
    // A process started with a bucket configured: the app's modules loaded anew read its environment.
    for (const [name, value] of Object.entries({
      S3_BUCKET: "fotos",
      S3_REGION: "eu-west-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    }))
      vi.stubEnv(name, value);
    vi.resetModules();
    const storage = (await import("~/lib/storage.server")).fileStorage();
    vi.unstubAllEnvs();
    const body = Buffer.from("webp-bytes");
    await storage.write("photos/1/abc.webp", body);
    expect(objects.get("/fotos/photos/1/abc.webp")).toEqual(body);
    expect(await storage.read("photos/1/abc.webp")).toEqual(body);
    expect(await storage.exists("photos/1/abc.webp")).toBe(true);
    expect(await storage.read("photos/1/none.webp")).toBeNull();
    expect(await storage.exists("photos/1/none.webp")).toBe(false);
    await storage.remove("photos/1/abc.webp");
    expect(objects.size).toBe(0);
    expect(requests).toContain("DELETE /fotos/photos/1/abc.webp");
  });
});
