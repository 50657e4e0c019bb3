// Gifts, photo messages, icebreakers and message reports: the catalogue per site, what they cost,
// EXIF stripped from chat photos, who may see a chat photo, and reports landing with staff.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSendKey } from "~/domain/chat/send-key";
import { giftCatalogue } from "../fixtures/gifts";
import { chatPhotoForViewer } from "~/domain/chat/chat-photos.server";
import { ICEBREAKER_KEYS, icebreakerHref } from "~/domain/chat/icebreakers";
import { REPORT_NOTE_MAX } from "~/domain/chat/chat-types";
import { readReportEvidence, reportMessage } from "~/domain/chat/report-message.server";
import { sendMessage } from "~/domain/chat/send-message.server";
import { setComplaintStatus, submitComplaint } from "~/domain/complaints/complaints.server";
import { changeCredits } from "~/domain/credits/credits.server";
import { MAX_UPLOAD_BODY_BYTES } from "~/domain/photos/upload.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { db } from "~/lib/db.server";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { stopJobs } from "~/lib/jobs.server";
import { fileStorage } from "~/lib/storage.server";
import { chatExtrasShown } from "~/routes/+chat/extras.server";
import { loader as chatPhotoLoader } from "~/routes/chat-photos.$id.$size";
import { action as reportAction, loader as reportPageLoader } from "~/routes/chats.$id.report";
import { action as giftAction } from "~/routes/chats.gift";
import { action as photoAction } from "~/routes/chats.photo";
import ChatRoute, { loader as conversationLoader } from "~/routes/chats.$id";
import MemberChatRoute, { loader as memberChatLoader } from "~/routes/members.$id.chat";
import StaffComplaintsRoute, { loader as staffLoader } from "~/routes/staff.complaints";
import { GIFT_CATALOGUE, seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";

const root = path.resolve(import.meta.dirname, "../..");
let site: Site;
let funding = 0;

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

/** What the gift, photo and report actions (and the no-JS icebreakers) left in a chat page's address. */
const extrasNotices = (url: string, messageLength: number) => chatExtrasShown(url, messageLength).notices;

/** Whether the viewer gets the chat photo's bytes. */
async function canViewChatPhoto(chatPhotoId: number, viewer: Parameters<typeof chatPhotoForViewer>[2]) {
  return (await chatPhotoForViewer(chatPhotoId, "thumb", viewer)) !== null;
}

async function fund(member: Member, credits: number) {
  funding++;
  await changeCredits({
    userId: member.userId,
    delta: credits,
    reason: "correction",
    reference: `test:chat-extras:${member.userId}:${funding}`,
  });
}

const balance = async (member: Member) =>
  (await db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { credits: true } })).credits;

/** Two members with a conversation: `a` wrote the first (text) message. */
async function pair() {
  const [a, b] = [await createMember(), await createMember({ gender: "male" })];
  await fund(a, 100);
  await fund(b, 100);
  const sent = await sendMessage({
    senderId: a.userId,
    site,
    to: { profileId: b.profileId },
    content: { kind: "text", body: "Hoi!" },
  });
  if (!sent.ok) throw new Error(sent.error);
  return { a, b, conversationId: sent.conversationId };
}

/** The site's diamond gift, sent by `sender` in the conversation. */
async function sendDiamond(sender: Member, conversationId: number) {
  const diamond = (await giftCatalogue(site)).find((g) => g.code === "diamond")!;
  const sent = await sendMessage({
    senderId: sender.userId,
    site,
    to: { conversationId },
    content: { kind: "gift", giftId: diamond.id },
  });
  return { sent, diamond };
}

async function jpegWithExif() {
  const plain = await sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: 200, g: 30, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  return sharp(plain)
    .withExif({
      IFD0: { Copyright: "Geheim", Make: "Camera" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "52/1 5/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "4/1 53/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();
}

/** A multipart POST to /chats/photo as the member. */
async function postPhoto(member: Member | null, fields: Record<string, string>, file?: Buffer) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set("photo", new File([new Uint8Array(file)], "holiday.jpg", { type: "image/jpeg" }));
  const headers = new Headers({ [CLIENT_IP_HEADER]: "10.9.8.7" });
  if (member) headers.set("Cookie", await sessionCookie(member.userId));
  return runRoute(new Request(`${ORIGIN}/chats/photo`, { method: "POST", headers, body }), photoAction);
}

async function getChatPhoto(viewer: Member | null, id: number, size = "large") {
  const request = await siteRequest(`/chat-photos/${id}/${size}`, viewer?.userId ?? null);
  return runRoute(request, chatPhotoLoader, { id: String(id), size });
}

describe("gift catalogue", () => {
  it("is seeded per site, in order, and seeding again changes nothing", async () => {
    const sites = await db().site.findMany({ select: { id: true } });
    expect(sites.length).toBe(2);
    for (const s of sites) {
      const gifts = await giftCatalogue(site, s.id);
      expect(gifts.map((g) => g.code)).toEqual(GIFT_CATALOGUE.map((g) => g.code));
      for (const gift of gifts) expect(gift.image).toBe(`/gifts/${gift.code}.svg`);
    }
    const [first] = sites;
    const rose = (await giftCatalogue(site, first!.id)).find((g) => g.code === "rose")!;
    await db().gift.update({ where: { id: rose.id }, data: { image: "/gifts/own-rose.svg" } });
    await seedBaseData(db());
    expect(await db().gift.count()).toBe(GIFT_CATALOGUE.length * 2);
    expect((await db().gift.findUniqueOrThrow({ where: { id: rose.id } })).image).toBe("/gifts/own-rose.svg");
    await db().gift.update({ where: { id: rose.id }, data: { image: "/gifts/rose.svg" } });
  });

  it("leaves inactive gifts out", async () => {
    const teddy = (await giftCatalogue(site)).find((g) => g.code === "teddy")!;
    await db().gift.update({ where: { id: teddy.id }, data: { active: false } });
    expect((await giftCatalogue(site)).map((g) => g.code)).not.toContain("teddy");
    await db().gift.update({ where: { id: teddy.id }, data: { active: true } });
  });

  it("has a picture and a translated name in every locale for every gift", () => {
    for (const { code } of GIFT_CATALOGUE) {
      const svg = readFileSync(path.join(root, "public/gifts", `${code}.svg`), "utf8");
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
      for (const locale of SUPPORTED_LOCALES) {
        const texts = JSON.parse(
          readFileSync(path.join(root, "locales", locale, "chat-extras.json"), "utf8"),
        );
        expect(texts.gifts[code], `${locale} ${code}`).toMatch(/\S/);
      }
    }
  });
});

describe("sending a gift", () => {
  it("charges the site's gift price (gift_credits), whatever the gift, and stores a gift message", async () => {
    const { a, b, conversationId } = await pair();
    const before = await balance(b);
    const { sent, diamond } = await sendDiamond(b, conversationId);
    expect(sent.ok).toBe(true);
    expect(await balance(b)).toBe(before - site.giftCredits);
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: b.userId },
      select: { kind: true, giftId: true, credits: true },
    });
    expect(message).toEqual({ kind: "gift", giftId: diamond.id, credits: site.giftCredits });
    expect(a.userId).not.toBe(b.userId);
  });

  it("POST /chats/gift: to the conversation; too few credits back with ?credits=insufficient; visitors log in", async () => {
    const { a, b, conversationId } = await pair();
    const rose = (await giftCatalogue(site)).find((g) => g.code === "rose")!;
    const post = async (member: Member | null, form: Record<string, string>) =>
      runRoute(await siteRequest("/chats/gift", member?.userId ?? null, { form }), giftAction);

    const sent = await post(b, { conversationId: String(conversationId), giftId: String(rose.id) });
    expect(sent).toMatchObject({ status: 302, location: `/chats/${conversationId}` });
    expect(await db().message.count({ where: { conversationId, kind: "gift" } })).toBe(1);
    // A double tap posts the form twice with its key: one gift, charged once.
    const form = {
      conversationId: String(conversationId),
      giftId: String(rose.id),
      sendKey: `${newSendKey()}-gift`,
    };
    const [first, second] = await Promise.all([post(b, form), post(b, form)]);
    expect(second.location).toBe(first.location);
    expect(await db().message.count({ where: { conversationId, kind: "gift" } })).toBe(2);

    const poor = await createMember();
    const refused = await post(poor, {
      profileId: String(a.profileId),
      giftId: String(rose.id),
      redirectTo: `/members/${a.profileId}?tab=gifts`,
    });
    expect(refused).toMatchObject({
      status: 302,
      location: `/members/${a.profileId}?tab=gifts&credits=insufficient`,
    });
    expect(await db().message.count({ where: { senderId: poor.userId } })).toBe(0);

    const visitor = await post(null, { profileId: String(a.profileId), giftId: String(rose.id) });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/members/${a.profileId}/chat`)}&reason=gift`,
    );

    const stranger = await createMember();
    await fund(stranger, 100);
    const foreign = await post(stranger, { conversationId: String(conversationId), giftId: String(rose.id) });
    expect(foreign).toMatchObject({ status: 302, location: `/chats/${conversationId}?refused=notFound` });
    expect((await post(b, { conversationId: "x", giftId: "1" })).status).toBe(400);
  });
});

/** The page a plain form came back to, as its member sees it (loader, then the component). */
async function pageAt(viewer: Member, location: string) {
  const conversation = /^\/chats\/(\d+)/.exec(location);
  const profile = /^\/members\/(\d+)\/chat/.exec(location);
  const request = await siteRequest(location, viewer.userId);
  const [Component, path, outcome] = conversation
    ? [ChatRoute, "/chats/:id", await runRoute(request, conversationLoader, { id: conversation[1]! })]
    : [MemberChatRoute, "/members/:id/chat", await runRoute(request, memberChatLoader, { id: profile![1]! })];
  expect(outcome.status, location).toBe(200);
  return {
    ...renderRoute({ Component, path, url: location, loaderData: outcome.body }),
    loaderData: outcome.body,
  };
}

describe("a refused gift or photo says why on the page it returns to", () => {
  it("a free member's third conversation: nothing sent or charged, and the premium-only text with 'Koop credits'", async () => {
    const free = await createMember();
    await fund(free, 100);
    for (const other of [await createMember(), await createMember()]) {
      const sent = await sendMessage({
        senderId: free.userId,
        site,
        to: { profileId: other.profileId },
        content: { kind: "text", body: "Hoi" },
      });
      expect(sent.ok).toBe(true);
    }
    const third = await createMember({ gender: "male" });
    const before = await balance(free);
    const rose = (await giftCatalogue(site)).find((g) => g.code === "rose")!;
    const gift = await runRoute(
      await siteRequest("/chats/gift", free.userId, {
        form: { profileId: String(third.profileId), giftId: String(rose.id) },
      }),
      giftAction,
    );
    expect(gift).toMatchObject({
      status: 302,
      location: `/members/${third.profileId}/chat?refused=premiumOnly`,
    });
    const photo = await postPhoto(free, { profileId: String(third.profileId) }, await jpegWithExif());
    expect(photo.location).toBe(`/members/${third.profileId}/chat?refused=premiumOnly`);
    expect(await balance(free)).toBe(before);
    expect(await db().message.count({ where: { senderId: free.userId } })).toBe(2);

    const { text, html } = await pageAt(free, gift.location!);
    expect(text).toContain("Deze functie is alleen beschikbaar voor premium leden.");
    expect(html).toMatch(/href="\/credits"[^>]*>Koop credits</);
  });

  it("every other reason shows the text-message refusal's text, on /chats/{id} as on /members/{id}/chat", async () => {
    const { a, b, conversationId } = await pair();
    const reasons = {
      rateLimited: "Je verstuurt te veel berichten in korte tijd.",
      tooManyConversations: "Je hebt de laatste tijd te veel nieuwe gesprekken gestart.",
      sameText: "Je hebt deze tekst al naar te veel leden gestuurd.",
      premiumOnly: "Deze functie is alleen beschikbaar voor premium leden.",
      notFound: "Dit kan niet (meer) worden verstuurd.",
    };
    const stranger = await createMember({ gender: "male" });
    for (const [reason, expected] of Object.entries(reasons)) {
      expect((await pageAt(a, `/chats/${conversationId}?refused=${reason}`)).text).toContain(expected);
      expect((await pageAt(b, `/members/${stranger.profileId}/chat?refused=${reason}`)).text).toContain(
        expected,
      );
    }
    const poor = await pageAt(a, `/chats/${conversationId}?credits=insufficient`);
    expect(poor.text).toContain("Je hebt onvoldoende credits");
    expect(poor.html).toMatch(/href="\/credits"[^>]*>Koop credits</);
    expect((await pageAt(a, `/chats/${conversationId}?refused=evil`)).html).not.toContain("send-refused");
  });

  it("a gift taken out of the catalogue since the page was loaded: back with notFound, and the page says so", async () => {
    const { b, conversationId } = await pair();
    const retired = (await giftCatalogue(site)).find((g) => g.code === "champagne")!;
    await db().gift.update({ where: { id: retired.id }, data: { active: false } });
    const before = await balance(b);
    const outcome = await runRoute(
      await siteRequest("/chats/gift", b.userId, {
        form: { conversationId: String(conversationId), giftId: String(retired.id) },
      }),
      giftAction,
    ).finally(() => db().gift.update({ where: { id: retired.id }, data: { active: true } }));
    expect(outcome.location).toBe(`/chats/${conversationId}?refused=notFound`);
    expect(await balance(b)).toBe(before);
    expect((await pageAt(b, outcome.location!)).text).toContain("Dit kan niet (meer) worden verstuurd.");
  });
});

describe("a gift in the conversation", () => {
  it("shows the chosen gift's picture (its name as alt text) and name to both members", async () => {
    const { a, b, conversationId } = await pair();
    const { sent, diamond } = await sendDiamond(b, conversationId);
    expect(sent.ok).toBe(true);
    // The page as loaded, and as a live event's refresh reloads it (the same loader).
    for (const viewer of [a, b]) {
      const { html, loaderData } = await pageAt(viewer, `/chats/${conversationId}`);
      const { messages } = (loaderData as { view: { messages: { kind: string; gift: unknown }[] } }).view;
      expect(messages.find((m) => m.kind === "gift")?.gift).toEqual({
        code: "diamond",
        image: diamond.image,
        // No names set by an admin: the translation of the code names it.
        names: {},
      });
      const bubble = /data-testid="message-gift">(.*?)<\/span><\/span>/.exec(html)?.[1] ?? "";
      expect(bubble).toMatch(/<img [^>]*src="\/gifts\/diamond\.svg"/);
      expect(bubble).toMatch(/<img [^>]*alt="Diamant"/);
      expect(bubble).toMatch(/>Diamant$/);
    }
    // In another language, the gift's name in that language.
    const { loaderData } = await pageAt(a, `/chats/${conversationId}`);
    const english = renderRoute({
      Component: ChatRoute,
      path: "/chats/:id",
      url: `/chats/${conversationId}`,
      loaderData,
      locale: "en",
    });
    const texts = JSON.parse(readFileSync(path.join(root, "locales/en/chat-extras.json"), "utf8"));
    expect(english.html).toContain(`alt="${texts.gifts.diamond}"`);
  });
});

describe("photo messages", () => {
  it("a photo form sent again after its answer was lost is answered as sent, also with no credits left", async () => {
    const { a, conversationId } = await pair();
    const fields = { conversationId: String(conversationId), sendKey: `${newSendKey()}-photo` };
    const sent = { status: 302, location: `/chats/${conversationId}` };
    expect(await postPhoto(a, fields, await jpegWithExif())).toMatchObject(sent);
    await fund(a, -(await balance(a)));
    expect(await postPhoto(a, fields, await jpegWithExif())).toMatchObject(sent);
    expect(await db().message.count({ where: { conversationId, kind: "photo" } })).toBe(1);
    const fresh = { ...fields, sendKey: `${newSendKey()}-photo` };
    expect((await postPhoto(a, fresh, await jpegWithExif())).location).toBe(
      `/chats/${conversationId}?credits=insufficient`,
    );
  });

  it("an upload is stored without EXIF or GPS, sent at photoCredits and seen by both members only", async () => {
    const { a, b, conversationId } = await pair();
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif!.toString("latin1")).toContain("Geheim");
    const before = await balance(a);

    const outcome = await postPhoto(a, { conversationId: String(conversationId) }, original);
    expect(outcome).toMatchObject({ status: 302, location: `/chats/${conversationId}` });
    expect(await balance(a)).toBe(before - site.photoCredits);
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, kind: "photo" },
      select: { senderId: true, credits: true, chatPhoto: true },
    });
    expect(message.senderId).toBe(a.userId);
    expect(message.credits).toBe(site.photoCredits);
    const photo = message.chatPhoto!;
    expect(photo.ownerId).toBe(a.userId);
    expect(photo.filename).toMatch(new RegExp(`^chat-photos/${a.userId}/[0-9a-f]{32}\\.webp$`));
    for (const key of [photo.filename, photo.thumbFilename]) {
      const bytes = (await fileStorage().read(key))!;
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.toString("latin1")).not.toContain("Geheim");
    }

    const owner = await getChatPhoto(a, photo.id);
    expect(owner.status).toBe(200);
    expect((await getChatPhoto(b, photo.id, "thumb")).status).toBe(200);
    const third = await createMember();
    expect((await getChatPhoto(third, photo.id)).status).toBe(404);
    expect((await getChatPhoto(null, photo.id)).status).toBe(404);
    expect((await getChatPhoto(b, photo.id, "huge")).status).toBe(404);

    const served = await chatPhotoLoader({
      params: { id: String(photo.id), size: "large" },
      context: { get: () => ({ user: { id: b.userId } }) },
    } as never);
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(served.headers.get("Content-Type")).toBe("image/webp");

    // A block in either direction hides it from the other member (the owner still sees it).
    await db().block.create({ data: { blockerId: a.userId, blockedId: b.userId } });
    expect((await getChatPhoto(b, photo.id)).status).toBe(404);
    expect(await canViewChatPhoto(photo.id, { id: a.userId, role: "member", siteId: site.id })).toBe(true);
  });

  it("a visitor's post is read as a small form: to the login page, and no large body is held", async () => {
    const { b } = await pair();
    const small = await postPhoto(null, { profileId: String(b.profileId) });
    expect(small.status).toBe(302);
    expect(small.location).toMatch(/^\/login\?redirectTo=/);
    const large = await postPhoto(null, { profileId: String(b.profileId) }, Buffer.alloc(2 * 1024 * 1024, 1));
    expect(large.status).toBe(413);
  });

  it("a member's post over the upload body limit is not read: back to its page with ?photoError=tooLarge", async () => {
    const { a, b, conversationId } = await pair();
    const before = await balance(a);
    const form = new FormData();
    form.set("conversationId", String(conversationId));
    form.set("photo", new File([new Uint8Array(MAX_UPLOAD_BODY_BYTES)], "groot.jpg", { type: "image/jpeg" }));
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const post = async (headers: Record<string, string>) =>
      runRoute(
        new Request(`${ORIGIN}/chats/photo`, {
          method: "POST",
          headers: {
            [CLIENT_IP_HEADER]: "10.9.8.7",
            Cookie: await sessionCookie(a.userId),
            "Content-Type": encoded.headers.get("Content-Type")!,
            ...headers,
          },
          body,
        }),
        photoAction,
      );
    // The form (and its way back) stays unread, so the page the browser says it came from.
    const page = `/members/${b.profileId}/chat`;
    expect(
      await post({ "Content-Length": String(body.length), Referer: `${ORIGIN}${page}?photoError=notImage` }),
    ).toMatchObject({
      status: 302,
      location: `${page}?photoError=tooLarge`,
    });
    // Read as far as the limit when the size is not announced.
    expect(await post({ Referer: `${ORIGIN}${page}` })).toMatchObject({
      status: 302,
      location: `${page}?photoError=tooLarge`,
    });
    expect((await post({ "Content-Length": String(body.length) })).status).toBe(413);
    expect(await balance(a)).toBe(before);
    expect(await db().chatPhoto.count({ where: { ownerId: a.userId } })).toBe(0);
  });

  it("the site's staff see a chat photo once a message of its conversation was reported to them", async () => {
    const { a, b, conversationId } = await pair();
    await postPhoto(a, { conversationId: String(conversationId) }, await jpegWithExif());
    const { chatPhotoId } = await db().message.findFirstOrThrow({
      where: { conversationId, kind: "photo" },
      select: { chatPhotoId: true },
    });
    const staff = await createMember({ role: "admin" });
    const otherSite = await db().site.findFirstOrThrow({
      where: { id: { not: site.id } },
      select: { id: true },
    });
    expect((await getChatPhoto(staff, chatPhotoId!)).status).toBe(404);
    const reported = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: a.userId, kind: "text" },
      select: { id: true },
    });
    // The public form's message field is free text: naming a message id there opens nothing.
    const typed = await submitComplaint({
      complaint: {
        name: "Iemand",
        email: "iemand@example.com",
        member: "",
        message: String(reported.id),
        category: "harassment",
        description: "Een getypt berichtnummer, geen melding vanuit een gesprek.",
      },
      site,
      ip: "10.9.8.5",
      language: "nl",
      honeypotFilled: false,
    });
    expect(typed.ok).toBe(true);
    expect((await getChatPhoto(staff, chatPhotoId!)).status).toBe(404);
    // Nor a chat report filed on another site that names this site's message.
    await db().complaint.create({
      data: {
        siteId: otherSite.id,
        name: "Elders",
        email: "elders@example.com",
        messageRef: String(reported.id),
        category: "harassment",
        description: "Elders",
        isMessageReport: true,
      },
      select: { id: true },
    });
    expect(
      await canViewChatPhoto(chatPhotoId!, { id: staff.userId, role: "admin", siteId: otherSite.id }),
    ).toBe(false);
    expect(
      await reportMessage({
        reporterId: b.userId,
        ip: "10.9.8.6",
        site,
        conversationId,
        messageId: reported.id,
        category: "minor",
      }),
    ).toMatchObject({ ok: true });
    expect((await getChatPhoto(staff, chatPhotoId!)).status).toBe(200);
    expect(
      await canViewChatPhoto(chatPhotoId!, { id: staff.userId, role: "admin", siteId: otherSite.id }),
    ).toBe(false);
    expect((await getChatPhoto(await createMember(), chatPhotoId!)).status).toBe(404);
  });

  it("one of the member's own profile photos is copied to new keys", async () => {
    const { b, conversationId } = await pair();
    const owner = await createMember({ photos: [{}] });
    const ownRow = await db().photo.findUniqueOrThrow({
      where: { id: owner.photoIds[0]! },
      select: { filename: true, thumbFilename: true },
    });
    const webp = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#c2185b" } })
      .webp()
      .toBuffer();
    await fileStorage().write(ownRow.filename, webp);
    await fileStorage().write(ownRow.thumbFilename, webp);
    await fund(owner, 100);

    // Someone else's photo is not theirs to send.
    const notOwn = await postPhoto(owner, {
      profileId: String(b.profileId),
      photoId: String(owner.photoIds[0]! + 100000),
    });
    expect(notOwn).toMatchObject({
      status: 302,
      location: `/members/${b.profileId}/chat?photoError=notFound`,
    });

    const sent = await postPhoto(owner, {
      profileId: String(b.profileId),
      photoId: String(owner.photoIds[0]!),
    });
    expect(sent.status).toBe(302);
    const message = await db().message.findFirstOrThrow({
      where: { senderId: owner.userId, kind: "photo" },
      select: { conversationId: true, chatPhoto: { select: { id: true, filename: true } } },
    });
    expect(sent.location).toBe(`/chats/${message.conversationId}`);
    expect(message.conversationId).not.toBe(conversationId);
    expect(message.chatPhoto!.filename).not.toBe(ownRow.filename);
    expect(await fileStorage().read(message.chatPhoto!.filename)).toEqual(webp);
    expect((await getChatPhoto(b, message.chatPhoto!.id)).status).toBe(200);
  });

  it("a refused photo message costs nothing and leaves no chat photo behind", async () => {
    const { a, b, conversationId } = await pair();
    const poor = await createMember();
    const tooPoor = await postPhoto(poor, { profileId: String(a.profileId) }, await jpegWithExif());
    expect(tooPoor).toMatchObject({
      status: 302,
      location: `/members/${a.profileId}/chat?credits=insufficient`,
    });

    await db().block.create({ data: { blockerId: b.userId, blockedId: a.userId } });
    const chatPhotos = await db().chatPhoto.count({ where: { ownerId: a.userId } });
    const before = await balance(a);
    const blocked = await postPhoto(a, { conversationId: String(conversationId) }, await jpegWithExif());
    expect(blocked).toMatchObject({ status: 302, location: `/chats/${conversationId}?refused=blocked` });
    expect(await balance(a)).toBe(before);
    expect(await db().chatPhoto.count({ where: { ownerId: a.userId } })).toBe(chatPhotos);

    const notImage = await postPhoto(
      b,
      { conversationId: String(conversationId) },
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    );
    expect(notImage.location).toBe(`/chats/${conversationId}?photoError=notImage`);
    const missing = await postPhoto(b, { conversationId: String(conversationId) });
    expect(missing.location).toBe(`/chats/${conversationId}?photoError=missing`);
  });

  it("costs photoCredits through sendMessage as well", async () => {
    const { a, conversationId } = await pair();
    const row = await db().chatPhoto.create({
      data: {
        ownerId: a.userId,
        filename: `t/${a.userId}.webp`,
        thumbFilename: `t/${a.userId}-t.webp`,
        width: 1,
        height: 1,
      },
    });
    const before = await balance(a);
    const sent = await sendMessage({
      senderId: a.userId,
      site,
      to: { conversationId },
      content: { kind: "photo", chatPhotoId: row.id },
    });
    expect(sent.ok).toBe(true);
    expect(await balance(a)).toBe(before - site.photoCredits);
  });
});

/** The separator that once divided a report's summary from its evidence in one text. */
const OLD_SEPARATOR = "\n\n----------\n";

/** A report's evidence as the server recorded it (never the text of reports before that). */
function recorded(stored: unknown) {
  const evidence = readReportEvidence(stored);
  if (evidence === null || "legacy" in evidence) throw new Error("no recorded evidence");
  return evidence;
}

interface StaffRow {
  id: number;
  messageRef: string;
  text: string;
  evidence: ReturnType<typeof readReportEvidence>;
}

/** /staff/complaints as a staff member of the site sees it, and the row of one message's complaint. */
async function staffPage(messageRef: string) {
  const staff = await createMember({ role: "admin" });
  const list = await runRoute<{ complaints: StaffRow[] }>(
    await siteRequest("/staff/complaints", staff.userId),
    staffLoader,
  );
  expect(list.status).toBe(200);
  const shown = list.body!.complaints.find((c) => c.messageRef === messageRef)!;
  const page = renderRoute({
    Component: StaffComplaintsRoute,
    path: "/staff/complaints",
    url: "/staff/complaints",
    loaderData: list.body,
  });
  // The complaint's own row: the one whose form names it.
  const row = page.html.split("<tr").find((r) => r.includes(`name="complaintId" value="${shown.id}"`));
  return { shown, page, row: row ?? "" };
}

describe("reporting a message", () => {
  it("lands in the complaints with the last 20 messages and both members' ids", async () => {
    const { a, b, conversationId } = await pair();
    await fund(a, 500);
    await fund(b, 500);
    for (let i = 1; i <= 24; i++) {
      const from = i % 2 ? b : a;
      const sent = await sendMessage({
        senderId: from.userId,
        site,
        to: { conversationId },
        content: { kind: "text", body: `Bericht nummer ${i}` },
      });
      expect(sent.ok).toBe(true);
    }
    const reported = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: b.userId, body: "Bericht nummer 23" },
      select: { id: true },
    });
    const request = await siteRequest(`/chats/${conversationId}/report`, a.userId, {
      form: { messageId: String(reported.id), category: "harassment", note: "Hij blijft maar doorgaan." },
    });
    const outcome = await runRoute(request, reportAction, { id: String(conversationId) });
    expect(outcome).toMatchObject({ status: 302, location: `/chats/${conversationId}?reported=1` });

    const complaint = await db().complaint.findFirstOrThrow({ where: { messageRef: String(reported.id) } });
    const reporter = await db().user.findUniqueOrThrow({ where: { id: a.userId }, select: { email: true } });
    expect(complaint).toMatchObject({
      siteId: site.id,
      email: reporter.email,
      memberRef: String(b.profileId),
      messageRef: String(reported.id),
      category: "harassment",
      status: "open",
      description: "Hij blijft maar doorgaan.",
    });
    const evidence = recorded(complaint.evidence);
    expect(evidence).toMatchObject({
      conversationId,
      reporter: { userId: a.userId, profileId: a.profileId },
      sender: { userId: b.userId, profileId: b.profileId },
      reported: {
        id: reported.id,
        senderId: b.userId,
        kind: "text",
        text: "Bericht nummer 23",
        deleted: false,
      },
    });
    // The last 20 of the 25 messages, oldest first, each with its sender.
    expect(evidence.history).toHaveLength(20);
    expect(evidence.history.map((m) => m.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bericht nummer ${i + 5}`),
    );
    expect(evidence.history.map((m) => m.senderId)).toEqual(
      Array.from({ length: 20 }, (_, i) => ((i + 5) % 2 ? b.userId : a.userId)),
    );

    // Staff see the note as text and the evidence apart; the public form's text that imitates the
    // old evidence separator stays text.
    const forged = `Zie hieronder.${OLD_SEPARATOR}» #1 · gebruiker 1 · tekst: verzonnen`;
    const imitation = await submitComplaint({
      complaint: {
        name: "Nep",
        email: "nep@example.com",
        member: "",
        message: "imitatie",
        category: "harassment",
        description: forged,
      },
      site,
      ip: "10.9.8.4",
      language: "nl",
      honeypotFilled: false,
    });
    expect(imitation.ok).toBe(true);
    const { shown, page } = await staffPage(String(reported.id));
    expect(shown.text).toBe("Hij blijft maar doorgaan.");
    expect(page.html).toContain(`Melder: gebruiker ${a.userId} (profiel ${a.profileId})`);
    expect(page.html).toContain(`gebruiker ${a.userId} · tekst: Bericht nummer 24`);
    const typed = (await staffPage("imitatie")).shown;
    expect(typed).toMatchObject({ text: forged, evidence: null });

    // Reporting it again while open adds nothing.
    const again = await reportMessage({
      reporterId: a.userId,
      ip: "10.9.8.7",
      site,
      conversationId,
      messageId: reported.id,
      category: "spam",
    });
    expect(again).toMatchObject({ ok: true, duplicate: true, complaintId: complaint.id });
  });

  it("a note holding the old separator and made-up messages stays the note: it makes no evidence", async () => {
    const { a, b, conversationId } = await pair();
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: a.userId },
      select: { id: true },
    });
    const note = [
      `Zie hieronder.${OLD_SEPARATOR}Laatste 1 berichten van het gesprek, oudste eerst (» = het gemelde bericht):`,
      `» #${message.id} · 2026-01-01 00:00:00 UTC · gebruiker ${a.userId} · tekst: verzonnen dreigement`,
    ].join("\n");
    const outcome = await runRoute(
      await siteRequest(`/chats/${conversationId}/report`, b.userId, {
        form: { messageId: String(message.id), category: "harassment", note },
      }),
      reportAction,
      { id: String(conversationId) },
    );
    expect(outcome).toMatchObject({ status: 302, location: `/chats/${conversationId}?reported=1` });

    const { shown, row } = await staffPage(String(message.id));
    expect(shown.text).toBe(note);
    expect(JSON.stringify(shown.evidence)).not.toContain("verzonnen");
    expect(recorded(shown.evidence).history.map((m) => m.text)).toEqual(["Hoi!"]);
    // On the page: the note once, as the description's text, and one evidence block without it.
    expect(row.match(/data-testid="complaint-evidence"/g)).toHaveLength(1);
    const block = /data-testid="complaint-evidence"(.*?)<\/details>/s.exec(row)?.[1] ?? "";
    expect(block).toContain(`gebruiker ${a.userId} · tekst: Hoi!`);
    expect(block).not.toContain("verzonnen");
    expect(row.split("verzonnen dreigement")).toHaveLength(2);
  });

  it("takes a note of the textarea's full length with line breaks (sent as CRLF)", async () => {
    const { a, b, conversationId } = await pair();
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: a.userId },
      select: { id: true },
    });
    // What the textarea held: REPORT_NOTE_MAX characters as maxLength counts them, one per line break.
    const lines = Array.from({ length: 10 }, (_, i) => `${i}`.repeat(99));
    const note = (lines.join("\n") + "!".repeat(REPORT_NOTE_MAX)).slice(0, REPORT_NOTE_MAX);
    const outcome = await runRoute(
      await siteRequest(`/chats/${conversationId}/report`, b.userId, {
        form: { messageId: String(message.id), category: "harassment", note: note.replace(/\n/g, "\r\n") },
      }),
      reportAction,
      { id: String(conversationId) },
    );
    expect(outcome).toMatchObject({ status: 302, location: `/chats/${conversationId}?reported=1` });
    const complaint = await db().complaint.findFirstOrThrow({ where: { messageRef: String(message.id) } });
    expect(complaint.description).toContain(`${lines[0]}\n${lines[1]}`);
    expect(complaint.description).toContain(`${"!".repeat(REPORT_NOTE_MAX - 999)}`);
    expect(complaint.description).not.toContain("\r");
  });

  it("quick repeated submits make one complaint; the others answer as repeats", async () => {
    const { a, b, conversationId } = await pair();
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: a.userId },
      select: { id: true },
    });
    const report = () =>
      reportMessage({
        reporterId: b.userId,
        ip: "10.9.8.7",
        site,
        conversationId,
        messageId: message.id,
        category: "spam",
      });
    const results = await Promise.all([report(), report(), report(), report()]);
    const complaints = await db().complaint.findMany({
      where: { messageRef: String(message.id) },
      select: { id: true, isMessageReport: true },
    });
    expect(complaints).toEqual([{ id: expect.any(Number), isMessageReport: true }]);
    expect(results.every((r) => r.ok && r.complaintId === complaints[0]!.id)).toBe(true);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);

    // Once handled, a new report opens a new complaint; the handled one cannot be reopened beside it
    // (it stays handled, without an error).
    const staff = { id: (await createMember({ role: "admin" })).userId, siteId: site.id };
    await setComplaintStatus(staff, complaints[0]!.id, "handled");
    const again = await report();
    expect(again).toMatchObject({ ok: true, duplicate: false });
    expect(await setComplaintStatus(staff, complaints[0]!.id, "open")).toBe(true);
    const statuses = await db().complaint.findMany({
      where: { messageRef: String(message.id) },
      orderBy: { id: "asc" },
      select: { status: true },
    });
    expect(statuses.map((c) => c.status)).toEqual(["handled", "open"]);
  });

  it("the public form may name the same message more than once; it is no report", async () => {
    const { a, b, conversationId } = await pair();
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: a.userId },
      select: { id: true },
    });
    const { email } = await db().user.findUniqueOrThrow({ where: { id: b.userId }, select: { email: true } });
    for (const ip of ["10.20.0.1", "10.20.0.2"]) {
      const sent = await submitComplaint({
        complaint: {
          name: "Bram",
          email,
          member: "",
          message: String(message.id),
          category: "harassment",
          description: "Dit bericht was erg onaangenaam, graag bekijken.",
        },
        site,
        ip,
        language: "nl",
        honeypotFilled: false,
      });
      expect(sent.ok).toBe(true);
    }
    const reported = await reportMessage({
      reporterId: b.userId,
      ip: "10.9.8.7",
      site,
      conversationId,
      messageId: message.id,
      category: "harassment",
    });
    expect(reported).toMatchObject({ ok: true, duplicate: false });
    expect(await db().complaint.count({ where: { messageRef: String(message.id), status: "open" } })).toBe(3);
  });

  it("only the recipient may report: 404 for the sender, third members and other conversations", async () => {
    const { a, b, conversationId } = await pair();
    const message = await db().message.findFirstOrThrow({ where: { conversationId }, select: { id: true } });
    const report = async (member: Member, conversation = conversationId) =>
      runRoute(
        await siteRequest(`/chats/${conversation}/report`, member.userId, {
          form: { messageId: String(message.id), category: "spam" },
        }),
        reportAction,
        { id: String(conversation) },
      );
    expect((await report(a)).status).toBe(404);
    expect((await report(await createMember())).status).toBe(404);
    const other = await pair();
    expect((await report(other.b, other.conversationId)).status).toBe(404);
    expect(await db().complaint.count({ where: { messageRef: String(message.id) } })).toBe(0);
    expect((await report(b)).status).toBe(302);
    const visitor = await runRoute(
      await siteRequest(`/chats/${conversationId}/report`, null, {
        form: { messageId: String(message.id), category: "spam" },
      }),
      reportAction,
      { id: String(conversationId) },
    );
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/);
  });

  it("the report page shows the recipient the message; anyone else gets 404 or the login", async () => {
    const { a, b, conversationId } = await pair();
    const message = await db().message.findFirstOrThrow({
      where: { conversationId, senderId: a.userId },
      select: { id: true, body: true },
    });
    const open = async (member: Member | null, query = `?message=${message.id}`) =>
      runRoute<{ messageId: number; message: { kind: string; body: string; deleted: boolean } }>(
        await siteRequest(`/chats/${conversationId}/report${query}`, member?.userId ?? null),
        reportPageLoader,
        { id: String(conversationId) },
      );
    const page = await open(b);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      messageId: message.id,
      message: { kind: "text", body: message.body, deleted: false },
    });
    expect((await open(a)).status).toBe(404);
    expect((await open(await createMember())).status).toBe(404);
    expect((await open(b, "?message=abc")).status).toBe(404);
    expect((await open(b, "")).status).toBe(404);
    const visitor = await open(null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?redirectTo=/);

    // A message its sender deleted can still be reported, without showing its text.
    await db().message.update({ where: { id: message.id }, data: { deletedAt: new Date() } });
    expect((await open(b)).body?.message).toEqual({ kind: "text", body: "", deleted: true });
  });

  it("is rate limited like the complaints form", async () => {
    const { a, b, conversationId } = await pair();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const sent = await sendMessage({
        senderId: a.userId,
        site,
        to: { conversationId },
        content: { kind: "text", body: `Spam ${i}` },
      });
      if (sent.ok) ids.push(sent.messageId);
    }
    const results = [];
    for (const messageId of ids) {
      results.push(
        await runRoute(
          await siteRequest(`/chats/${conversationId}/report`, b.userId, {
            form: { messageId: String(messageId), category: "spam" },
          }),
          reportAction,
          { id: String(conversationId) },
        ),
      );
    }
    expect(results.slice(0, 5).every((r) => r.location === `/chats/${conversationId}?reported=1`)).toBe(true);
    expect(results[5]!.location).toBe(`/chats/${conversationId}?reported=rateLimited`);
  });
});

describe("icebreakers and notices", () => {
  it("every opener has a text with the name in every locale", () => {
    for (const locale of SUPPORTED_LOCALES) {
      const texts = JSON.parse(readFileSync(path.join(root, "locales", locale, "chat-extras.json"), "utf8"));
      for (const key of ICEBREAKER_KEYS)
        expect(texts.icebreakers.openers[key], `${locale} ${key}`).toMatch(/\S/);
    }
    expect(existsSync(path.join(root, "locales/nl/chat-extras.json"))).toBe(true);
  });

  it("carries an opener in the address for the empty form (no JavaScript)", () => {
    const href = icebreakerHref("/chats/5?x=1", "Hoi Anna! Hoe gaat het?");
    expect(href).toBe("/chats/5?x=1&text=Hoi+Anna%21+Hoe+gaat+het%3F");
    expect(extrasNotices(`http://hartklop.nl${href}`, 1000).prefill).toBe("Hoi Anna! Hoe gaat het?");
    expect(extrasNotices("http://hartklop.nl/chats/5?text=abcdef", 3).prefill).toBe("abc");
    expect(extrasNotices("http://hartklop.nl/chats/5", 1000).prefill).toBe("");
  });

  it("reads the actions' outcomes back from a page's address", () => {
    expect(
      extrasNotices("http://x/chats/1?credits=insufficient&photoError=tooLarge&reported=1", 100),
    ).toEqual({
      insufficientCredits: true,
      refused: null,
      photoError: "tooLarge",
      reported: "ok",
      prefill: "",
    });
    expect(
      extrasNotices("http://x/chats/1?refused=blocked&photoError=evil&reported=rateLimited", 100),
    ).toMatchObject({
      refused: "blocked",
      photoError: null,
      reported: "rateLimited",
    });
    // Missing credits always get their own notice, never the send form's.
    expect(extrasNotices("http://x/chats/1?refused=insufficientCredits", 100)).toMatchObject({
      insufficientCredits: true,
      refused: null,
    });
  });
});
