// The chat pages and calls as React Router runs them (docs/product.md, Chat): the list,
// opening (read), who may read and write, history limits, deleting, refusals and read receipts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES_PAGE_SIZE } from "~/domain/chat/chat-types";
import { sendMessage } from "~/domain/chat/send-message.server";
import { block } from "~/domain/profiles/blocks.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { loader as layoutLoader } from "~/routes/_layout.chat";
import { action as chatApiAction } from "~/routes/api.chat";
import { loader as chatsApiLoader } from "~/routes/api.chats";
import ChatRoute, { action as conversationAction, loader as conversationLoader } from "~/routes/chats.$id";
import { loader as chatsLoader } from "~/routes/chats";
import { loader as chatListLoader } from "~/routes/chats.list";
import { loader as creditsLoader } from "~/routes/credits";
import { action as memberChatAction, loader as memberChatLoader } from "~/routes/members.$id.chat";
import { action as settingsAction } from "~/routes/settings";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";
import { untilAStatementWaitsOnALock } from "../fixtures/lock-waits";
import { openChatFeed, type FeedEvent } from "~/realtime/chat-feed.server";
import { createRealtimeHub } from "~/realtime/hub.server";

let site: Site;

beforeAll(async () => {
  await seedBaseData(db());
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

async function send(from: Member, to: Member, body: string) {
  const result = await sendMessage({
    senderId: from.userId,
    site,
    to: { profileId: to.profileId },
    content: { kind: "text", body },
  });
  if (!result.ok) throw new Error(result.error);
  return result;
}

type Body = Record<string, unknown>;

async function openChat(viewer: Member | null, conversationId: number, query = "") {
  const request = await siteRequest(`/chats/${conversationId}${query}`, viewer?.userId ?? null);
  return runRoute<Body>(request, conversationLoader, { id: String(conversationId) });
}

async function postChat(viewer: Member, conversationId: number, form: Record<string, string>) {
  const request = await siteRequest(`/chats/${conversationId}`, viewer.userId, { form });
  return runRoute<Body>(request, conversationAction, { id: String(conversationId) });
}

async function memberChat(viewer: Member | null, target: Member, form?: Record<string, string>) {
  const request = await siteRequest(`/members/${target.profileId}/chat`, viewer?.userId ?? null, { form });
  return runRoute<Body>(request, form ? memberChatAction : memberChatLoader, {
    id: String(target.profileId),
  });
}

async function list(viewer: Member) {
  const outcome = await runRoute<{ list: { items: Body[] } }>(
    await siteRequest("/chats", viewer.userId),
    layoutLoader,
  );
  return outcome.body!.list.items as {
    conversationId: number;
    unreadCount: number;
    partner: { name: string; profileId: number };
    lastMessage: Body | null;
  }[];
}

async function deleteViaApi(viewer: Member | null, target: number | { profile: number }) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (viewer) headers.set("Cookie", await sessionCookie(viewer.userId));
  const request = new Request(`${ORIGIN}/api/chat.php`, {
    method: "DELETE",
    headers,
    body: JSON.stringify(typeof target === "number" ? { conversation: target } : target),
  });
  return runRoute<Body>(request, chatApiAction);
}

const messagesOf = (outcome: { body: Body | null }) =>
  (outcome.body!.view as { messages: { id: number; body: string; own: boolean; seen: boolean }[] }).messages;

describe("the chat list", () => {
  it("lists conversations newest first with the other member, last message and unread count", async () => {
    const [anna, bram, cees] = [
      await createMember({ name: "Anna", credits: 100 }),
      await createMember({ name: "Bram", credits: 100 }),
      await createMember({ name: "Cees", credits: 100 }),
    ];
    await send(anna, bram, "Hoi Bram");
    await send(anna, bram, "Hoe gaat het?");
    await send(cees, bram, "Hallo van Cees");
    const items = await list(bram);
    expect(items.map((i) => [i.partner.name, i.unreadCount])).toEqual([
      ["Cees", 1],
      ["Anna", 2],
    ]);
    expect(items[1]!.lastMessage).toEqual({ kind: "text", body: "Hoe gaat het?", own: false });
    expect(items[1]!.partner.profileId).toBe(anna.profileId);
  });

  it("names the gift of a last gift message by its code", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    await send(anna, bram, "Hoi Bram");
    const rose = await db().gift.findFirstOrThrow({ where: { siteId: site.id, code: "rose" } });
    const sent = await sendMessage({
      senderId: anna.userId,
      site,
      to: { profileId: bram.profileId },
      content: { kind: "gift", giftId: rose.id },
    });
    expect(sent.ok).toBe(true);
    expect((await list(bram))[0]!.lastMessage).toEqual({ kind: "gift", giftCode: "rose", own: false });
    expect((await list(anna))[0]!.lastMessage).toEqual({ kind: "gift", giftCode: "rose", own: true });
  });

  it("is the page on /chats; beside a conversation the page's script loads it from /chats/list", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Hoi");
    const layoutAt = async (path: string) => {
      const request = await siteRequest(path, bram.userId);
      return (
        await runRoute<{
          member: boolean;
          list: { items: unknown[] } | null;
          messagesPaidFor: number | null;
        }>(request, layoutLoader)
      ).body!;
    };
    // Beside a conversation its send form says what the credits pay for.
    const none = { member: true, list: null, messagesPaidFor: null };
    expect(await layoutAt(`/chats/${conversationId}`)).toEqual(none);
    expect(await layoutAt(`/members/${anna.profileId}/chat`)).toEqual(none);
    const listPage = await layoutAt("/chats");
    expect(listPage.list!.items).toHaveLength(1);
    expect(listPage.messagesPaidFor).toBe(10);
    const visitor = await runRoute(await siteRequest(`/chats/${conversationId}`, null), layoutLoader);
    expect(visitor.body).toEqual({ member: false, list: null, messagesPaidFor: null });

    const beside = await runRoute<{ list: { items: { conversationId: number }[] } }>(
      await siteRequest("/chats/list", bram.userId),
      chatListLoader,
    );
    expect(beside.body!.list.items.map((item) => item.conversationId)).toEqual([conversationId]);
    expect((await runRoute(await siteRequest("/chats/list", null), chatListLoader)).status).toBe(403);
  });

  it("shows the last page for a page past the end (an old link, a chat deleted since)", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    await send(anna, bram, "Hoi");
    const outcome = await runRoute<{ list: { items: unknown[]; page: number; pageCount: number } }>(
      await siteRequest("/chats?page=3", bram.userId),
      layoutLoader,
    );
    expect(outcome.body!.list).toMatchObject({ items: [expect.anything()], page: 1, pageCount: 1 });
  });

  it("sends visitors to the login page that says why", async () => {
    const outcome = await runRoute(await siteRequest("/chats", null), chatsLoader);
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Fchats&reason=chat");
  });
});

describe("opening a conversation", () => {
  it("shows the messages, sets the unread count to 0 and tells the other member", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId, messageId } = await send(anna, bram, "Eerste");
    const outcome = await openChat(bram, conversationId);
    expect(outcome.status).toBe(200);
    expect(messagesOf(outcome).map((m) => [m.body, m.own])).toEqual([["Eerste", false]]);
    const side = await db().conversationMember.findUniqueOrThrow({
      where: { conversationId_userId: { conversationId, userId: bram.userId } },
      select: { unreadCount: true, lastReadMessageId: true },
    });
    expect(side).toEqual({ unreadCount: 0, lastReadMessageId: messageId });
    const events = await db().chatEvent.findMany({
      where: { userId: anna.userId, type: "read" },
      select: { payload: true },
    });
    expect(events.map((e) => e.payload)).toEqual([{ conversationId, messageId }]);
  });

  it("sends the reader's own open streams the new totals, so their other tabs lower the badge", async () => {
    const [anna, bram, carla] = [
      await createMember({ credits: 100 }),
      await createMember({ credits: 100 }),
      await createMember({ credits: 100 }),
    ];
    const { conversationId } = await send(anna, bram, "Eerste");
    await send(anna, bram, "Tweede");
    await send(carla, bram, "Hallo");
    const hub = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    const sent: FeedEvent[] = [];
    let wake = () => {};
    const stop = openChatFeed({
      hub,
      userId: bram.userId,
      lastEventId: null,
      send: (events) => {
        sent.push(...events);
        wake();
      },
      close: () => {},
    });
    const next = (type: string) =>
      new Promise<FeedEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} event within 3 s`)), 3000);
        const look = () => {
          const found = sent.find((e) => e.type === type);
          if (!found) return;
          clearTimeout(timer);
          resolve(found);
        };
        wake = look;
        look();
      });
    try {
      expect((await next("ready")).data.totals).toEqual({ num_unread_messages: 3, num_new_likes: 0 });
      expect((await openChat(bram, conversationId)).status).toBe(200);
      const totals = await next("totals");
      expect(totals.data).toEqual({
        conversationId,
        totals: { num_unread_messages: 1, num_new_likes: 0 },
      });
      // Opening it again marks nothing new and sends no further totals.
      await openChat(bram, conversationId);
      const stored = await db().chatEvent.count({ where: { userId: bram.userId, type: "totals" } });
      expect(stored).toBe(1);
    } finally {
      stop();
      await hub.stop();
    }
  });

  it("a message arriving while the page marks the chat read stays unread", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Eerste");
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let counted!: () => void;
    const uncommitted = new Promise<void>((resolve) => (counted = resolve));
    // Another process's send that counted its message as unread and has not committed yet.
    const arriving = db().$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "ConversationMember" SET "unreadCount" = "unreadCount" + 1
        WHERE "conversationId" = ${conversationId} AND "userId" = ${bram.userId}`;
      counted();
      await held;
    });
    await uncommitted;
    const opening = openChat(bram, conversationId);
    await untilAStatementWaitsOnALock();
    commit();
    await arriving;
    expect((await opening).status).toBe(200);
    const side = await db().conversationMember.findUniqueOrThrow({
      where: { conversationId_userId: { conversationId, userId: bram.userId } },
      select: { unreadCount: true },
    });
    expect(side.unreadCount).toBe(1);
  });

  it("answers 404 to anyone but the two members: reading, writing and deleting", async () => {
    const [anna, bram, eve] = [
      await createMember({ credits: 100 }),
      await createMember({ credits: 100 }),
      await createMember({ credits: 100 }),
    ];
    const { conversationId, messageId } = await send(anna, bram, "Privé");
    expect((await openChat(eve, conversationId)).status).toBe(404);
    expect((await postChat(eve, conversationId, { intent: "send", body: "Ik lees mee" })).status).toBe(404);
    expect((await postChat(eve, conversationId, { intent: "deleteChat", confirm: "1" })).status).toBe(404);
    expect((await postChat(eve, conversationId, { intent: "deleteChat" })).status).toBe(404);
    expect(
      (
        await postChat(eve, conversationId, {
          intent: "deleteMessage",
          messageId: String(messageId),
          confirm: "1",
        })
      ).status,
    ).toBe(404);
    expect((await deleteViaApi(eve, conversationId)).status).toBe(404);
    expect((await openChat(anna, 999_999)).status).toBe(404);
    expect(await db().message.count({ where: { conversationId, deletedAt: null } })).toBe(1);
  });

  it("hides messages older than the site's history limit, with a line saying so", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const old = await send(anna, bram, "Heel oud");
    await db().message.update({
      where: { id: old.messageId },
      data: { createdAt: new Date(Date.now() - (site.chatHistoryDays + 1) * 86_400_000) },
      select: { id: true },
    });
    await send(anna, bram, "Nieuw");
    const outcome = await openChat(bram, old.conversationId);
    expect(messagesOf(outcome).map((m) => m.body)).toEqual(["Nieuw"]);
    expect((outcome.body!.view as Body).historyHidden).toBe(true);
    const fresh = await send(bram, await createMember({ credits: 100 }), "Alles nieuw");
    expect(((await openChat(bram, fresh.conversationId)).body!.view as Body).historyHidden).toBe(false);
  });

  it("pages back to older messages by id", async () => {
    const [anna, bram] = [await createMember({ credits: 1000 }), await createMember({ credits: 100 })];
    let conversationId = 0;
    for (let i = 1; i <= MESSAGES_PAGE_SIZE + 2; i++)
      ({ conversationId } = await send(anna, bram, `Bericht ${i}`));
    const newest = await openChat(bram, conversationId);
    expect(messagesOf(newest)).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(messagesOf(newest)[0]!.body).toBe("Bericht 3");
    const before = (newest.body!.view as { olderBefore: number }).olderBefore;
    const older = await openChat(bram, conversationId, `?before=${before}`);
    expect(messagesOf(older).map((m) => m.body)).toEqual(["Bericht 1", "Bericht 2"]);
  });
});

describe("deleting", () => {
  it("asks first without JavaScript, then hides the chat; a new message brings back only newer ones", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Voor het wissen");
    expect((await postChat(bram, conversationId, { intent: "deleteChat" })).body).toEqual({
      intent: "deleteChat",
      confirm: true,
    });
    const deleted = await postChat(bram, conversationId, { intent: "deleteChat", confirm: "1" });
    expect(deleted.location).toBe("/chats");
    expect((await list(bram)).map((i) => i.conversationId)).not.toContain(conversationId);
    expect((await list(anna)).map((i) => i.conversationId)).toContain(conversationId);
    await send(anna, bram, "Na het wissen");
    expect((await list(bram)).find((i) => i.conversationId === conversationId)?.unreadCount).toBe(1);
    const afterDeleting = await openChat(bram, conversationId);
    expect(messagesOf(afterDeleting).map((m) => m.body)).toEqual(["Na het wissen"]);
    // What came before the deletion is gone for this member, not history the site's limit hides.
    expect((afterDeleting.body!.view as Body).historyHidden).toBe(false);
    expect(messagesOf(await openChat(anna, conversationId))).toHaveLength(2);
  });

  it("deletes one's own message only, for both members", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const mine = await send(anna, bram, "Oeps");
    const theirs = await send(bram, anna, "Antwoord");
    const id = mine.conversationId;
    expect(
      (
        await postChat(anna, id, {
          intent: "deleteMessage",
          messageId: String(theirs.messageId),
          confirm: "1",
        })
      ).status,
    ).toBe(404);
    expect(
      (await postChat(anna, id, { intent: "deleteMessage", messageId: String(mine.messageId) })).body,
    ).toEqual({
      intent: "deleteMessage",
      confirm: mine.messageId,
    });
    const done = await postChat(anna, id, {
      intent: "deleteMessage",
      messageId: String(mine.messageId),
      confirm: "1",
    });
    expect(done.location).toBe(`/chats/${id}`);
    expect(messagesOf(await openChat(bram, id)).map((m) => m.body)).toEqual(["Antwoord"]);
    expect(messagesOf(await openChat(anna, id)).map((m) => m.body)).toEqual(["Antwoord"]);
  });

  it("blocking deletes the conversation; the ledger keeps its rows", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Hoi");
    await block(bram.userId, anna.profileId);
    expect(await db().conversation.count({ where: { id: conversationId } })).toBe(0);
    expect(await db().message.count({ where: { conversationId } })).toBe(0);
    expect(await db().creditLedgerEntry.count({ where: { userId: anna.userId, reason: "message" } })).toBe(1);
  });
});

describe("/members/{id}/chat", () => {
  it("opens an existing conversation, or an empty one that the first message creates", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const empty = await memberChat(anna, bram);
    expect(empty.body).toMatchObject({ kind: "new", gate: "ok" });
    expect(await db().conversation.count({ where: { startedById: anna.userId } })).toBe(0);
    const sent = await memberChat(anna, bram, { intent: "send", body: "Eerste bericht" });
    const conversation = await db().conversation.findFirstOrThrow({
      where: { startedById: anna.userId },
      select: { id: true },
    });
    expect(sent.location).toBe(`/chats/${conversation.id}`);
    expect((await memberChat(anna, bram)).location).toBe(`/chats/${conversation.id}`);
    const js = await memberChat(bram, anna, { intent: "send", body: "Terug", js: "1" });
    expect(js.body).toEqual({ intent: "send", ok: true, conversationId: conversation.id });
  });

  it("keeps the gift picker open (?gifts=1, the profile's gift button) when it opens the existing conversation", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Hoi");
    const open = async (query: string) => {
      const request = await siteRequest(`/members/${bram.profileId}/chat${query}`, anna.userId);
      return (await runRoute(request, memberChatLoader, { id: String(bram.profileId) })).location;
    };
    expect(await open("?gifts=1")).toBe(`/chats/${conversationId}?gifts=1`);
    const page = await openChat(anna, conversationId, "?gifts=1");
    const { html } = renderRoute({
      Component: ChatRoute,
      path: "/chats/:id",
      url: `/chats/${conversationId}?gifts=1`,
      loaderData: page.body,
    });
    expect(html).toMatch(/<details [^>]*data-testid="gift-picker" open=""/);
    // Only known parameters with known values: a gift's outcome, never anything else.
    expect(await open("?gifts=<x>&next=//evil.example&refused=premiumOnly&photoError=evil")).toBe(
      `/chats/${conversationId}?gifts=1&refused=premiumOnly`,
    );
    expect(await open("?photos=1")).toBe(`/chats/${conversationId}?photos=1`);
    expect(await open("?credits=insufficient")).toBe(`/chats/${conversationId}?credits=insufficient`);
    expect(await open("?refused=%2F%2Fevil")).toBe(`/chats/${conversationId}`);
    expect(await open("")).toBe(`/chats/${conversationId}`);
  });

  it("reads a picker's contents only when it is open: closed, it is a link to the page with it open", async () => {
    const anna = await createMember({ photos: [{}, {}, { status: "inspection" }], credits: 100 });
    const bram = await createMember({ credits: 100 });
    const { conversationId } = await send(anna, bram, "Hoi");
    const pickersOf = async (query: string) => {
      const page = await openChat(anna, conversationId, query);
      const extras = page.body!.extras as {
        gifts: { code: string }[] | null;
        ownPhotos: { id: number }[] | null;
      };
      const { html } = renderRoute({
        Component: ChatRoute,
        path: "/chats/:id",
        url: `/chats/${conversationId}${query}`,
        loaderData: page.body,
      });
      return { gifts: extras.gifts, ownPhotos: extras.ownPhotos, html };
    };
    const closed = await pickersOf("");
    expect([closed.gifts, closed.ownPhotos]).toEqual([null, null]);
    expect(closed.html).toContain(`href="/chats/${conversationId}?gifts=1#gift-picker"`);
    expect(closed.html).toContain(`href="/chats/${conversationId}?photos=1#photo-picker"`);
    expect(closed.html).not.toContain("gift-rose");
    expect(closed.html).not.toContain("chat-photo-upload");

    const gifts = await pickersOf("?gifts=1");
    expect(gifts.gifts!.map((g) => g.code)).toContain("rose");
    expect(gifts.ownPhotos).toBeNull();
    expect(gifts.html).toMatch(/<details [^>]*id="gift-picker"[^>]* open=""/);
    expect(gifts.html).toContain('data-testid="gift-rose"');

    const photos = await pickersOf("?photos=1");
    expect(photos.gifts).toBeNull();
    expect(photos.ownPhotos!.map((p) => p.id)).toEqual(anna.photoIds.slice(0, 2));
    expect(photos.html).toContain(`data-testid="own-photo-${anna.photoIds[0]}"`);
    expect(photos.html).toContain('data-testid="chat-photo-upload"');
    // A refused photo reopens the picker, to choose another.
    expect((await pickersOf("?photoError=tooLarge")).ownPhotos).toHaveLength(2);
  });

  it("a send form posted twice (a double tap) sends one message, with the key its page gave it", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const page = (await memberChat(anna, bram)).body as unknown as { extras: { sendKey: string } };
    const form = { intent: "send", body: "Dubbel getikt", sendKey: `${page.extras.sendKey}-text` };
    const [first, second] = await Promise.all([memberChat(anna, bram, form), memberChat(anna, bram, form)]);
    expect(first.location).toMatch(/^\/chats\/\d+$/);
    expect(second.location).toBe(first.location);
    expect(await db().message.count({ where: { senderId: anna.userId } })).toBe(1);
    expect((await memberChat(anna, bram, { ...form, sendKey: "<script>" })).status).toBe(400);
  });

  it("sends visitors to the member's lander, which says they must be logged in to chat", async () => {
    const bram = await createMember({ credits: 100 });
    expect((await memberChat(null, bram)).location).toBe(`/members/${bram.profileId}/landing?reason=chat`);
  });

  it("says why blocked, invisible, disabled, unconfirmed and deleted members cannot be written", async () => {
    const anna = await createMember({ credits: 100 });
    const blocked = await createMember({ credits: 100 });
    await block(anna.userId, blocked.profileId);
    // A block, either way, is explained on the profile page; invisible and disabled members show nothing.
    expect((await memberChat(anna, blocked)).location).toBe(`/members/${blocked.profileId}`);
    expect((await memberChat(blocked, anna)).location).toBe(`/members/${anna.profileId}`);
    const invisible = await memberChat(
      anna,
      await createMember({ invisible: true, name: "Onzichtbaar", credits: 100 }),
    );
    expect(invisible.status).toBe(404);
    expect(JSON.stringify(invisible.body ?? null)).not.toContain("Onzichtbaar");
    expect(
      (await memberChat(anna, await createMember({ profileStatus: "disabled", credits: 100 }))).status,
    ).toBe(404);
    const unconfirmed = await createMember({
      userStatus: "not_confirmed",
      name: "Onbevestigd",
      credits: 100,
    });
    const unconfirmedPage = await memberChat(anna, unconfirmed);
    expect(unconfirmedPage.status).toBe(404);
    expect(JSON.stringify(unconfirmedPage.body ?? null)).not.toContain("Onbevestigd");
    const refused = await memberChat(anna, unconfirmed, { intent: "send", body: "Hallo?" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "recipientUnconfirmed" });
    expect((await memberChat(anna, await createMember({ userStatus: "deleted", credits: 100 }))).status).toBe(
      404,
    );
    // An unconfirmed member starts no conversation: the page asks to confirm first (decision 0031).
    expect((await memberChat(unconfirmed, anna)).body).toMatchObject({ gate: "confirmFirst" });
    // An invisible member may write but is told that no one can answer while invisible.
    const hidden = await createMember({ invisible: true, credits: 100 });
    expect((await memberChat(hidden, anna)).body).toMatchObject({ gate: "ownInvisible" });
    const { conversationId } = await send(hidden, anna, "Van onzichtbaar");
    expect((await openChat(hidden, conversationId)).body!.view).toMatchObject({ gate: "ownInvisible" });
    expect((await openChat(anna, conversationId)).body!.view).toMatchObject({ gate: "unavailable" });
    expect((await memberChat(anna, blocked, { intent: "send", body: "Toch?" })).body).toMatchObject({
      error: "blocked",
    });
  });

  it("lets a free member start two conversations; the third is premium-only", async () => {
    const free = await createMember({ credits: 1000 });
    await send(free, await createMember({ credits: 100 }), "Een");
    await send(free, await createMember({ credits: 100 }), "Twee");
    const third = await memberChat(free, await createMember({ credits: 100 }), {
      intent: "send",
      body: "Drie",
    });
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ error: "premiumOnly", text: "Drie" });
  });

  it("keeps the typed text when credits are short (no JavaScript: the page answers)", async () => {
    const [poor, bram] = [await createMember(), await createMember({ credits: 100 })];
    const outcome = await memberChat(poor, bram, { intent: "send", body: "Mijn lange verhaal" });
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({
      intent: "send",
      ok: false,
      error: "insufficientCredits",
      text: "Mijn lange verhaal",
    });
    expect(await db().conversation.count({ where: { startedById: poor.userId } })).toBe(0);
  });

  it("checks the message length on the server", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const outcome = await memberChat(anna, bram, {
      intent: "send",
      body: "x".repeat(site.messageLength + 1),
    });
    expect(outcome.body).toMatchObject({ error: "tooLong" });
  });
});

describe("the messages a member's credits pay for", () => {
  const paidFor = async (member: Member, conversationId: number) => {
    const conversation = (await openChat(member, conversationId)).body as {
      extras: { messagePrice: number; messagesPaidFor: number };
    };
    const list = await runRoute<{ messagesPaidFor: number }>(
      await siteRequest("/chats", member.userId),
      layoutLoader,
    );
    const credits = await runRoute<{ credits: number; messagesPaidFor: number }>(
      await siteRequest("/credits", member.userId),
      creditsLoader,
    );
    return {
      price: conversation.extras.messagePrice,
      conversation: conversation.extras.messagesPaidFor,
      list: list.body!.messagesPaidFor,
      credits: credits.body!.messagesPaidFor,
      balance: credits.body!.credits,
    };
  };

  it("are the whole messages at the member's price, on the conversation, the chat list and /credits, one fewer per message", async () => {
    const [anna, bram] = [await createMember({ credits: 35 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(bram, anna, "Hoi Anna");
    expect(await paidFor(anna, conversationId)).toEqual({
      price: 10,
      conversation: 3,
      list: 3,
      credits: 3,
      balance: 35,
    });
    const sent = await postChat(anna, conversationId, { intent: "send", body: "Hoi Bram", js: "1" });
    expect(sent.body).toMatchObject({ ok: true });
    expect(await paidFor(anna, conversationId)).toMatchObject({
      conversation: 2,
      list: 2,
      credits: 2,
      balance: 25,
    });
    await postChat(anna, conversationId, { intent: "send", body: "Nog een", js: "1" });
    await postChat(anna, conversationId, { intent: "send", body: "En nog een", js: "1" });
    expect(await paidFor(anna, conversationId)).toMatchObject({
      conversation: 0,
      list: 0,
      credits: 0,
      balance: 5,
    });
  });

  it("are shown to Premium members too, who pay the same price", async () => {
    const [premium, bram] = [
      await createMember({ credits: 120, paidUser: true }),
      await createMember({ credits: 100 }),
    ];
    const { conversationId } = await send(bram, premium, "Hoi");
    expect(await paidFor(premium, conversationId)).toMatchObject({ conversation: 12, list: 12, credits: 12 });
  });
});

describe("JSON calls", () => {
  it("GET /api/chats.php lists items and the summary; visitors get authentication_required", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Hoi");
    const outcome = await runRoute<Body>(await siteRequest("/api/chats.php", bram.userId), chatsApiLoader);
    expect(outcome.body).toMatchObject({
      chats: [
        { conversation: { id: conversationId }, profile: { id: anna.profileId }, num_unread_messages: 1 },
      ],
      summary: { num_chats: 1, num_unread_messages: 1, num_new_likes: 0 },
    });
    const visitor = await runRoute<Body>(await siteRequest("/api/chats.php", null), chatsApiLoader);
    expect(visitor).toMatchObject({ status: 403, body: { error: "authentication_required" } });
  });

  it("DELETE /api/chat.php deletes the member's chat", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Hoi");
    expect((await deleteViaApi(null, conversationId)).status).toBe(403);
    expect((await deleteViaApi(bram, conversationId)).body).toEqual({ ok: true });
    expect(await list(bram)).toEqual([]);
  });

  it("DELETE /api/chat.php with {profile} deletes the chat with that member (by profile id)", async () => {
    const [anna, bram, cees] = [
      await createMember({ credits: 100 }),
      await createMember({ credits: 100 }),
      await createMember({ credits: 100 }),
    ];
    await send(anna, bram, "Hoi");
    expect((await deleteViaApi(cees, { profile: anna.profileId })).status).toBe(404);
    expect((await deleteViaApi(bram, { profile: anna.profileId })).body).toEqual({ ok: true });
    expect(await list(bram)).toEqual([]);
    expect(await list(anna)).toHaveLength(1);
  });
});

describe("read receipts", () => {
  it("shows 'seen' on own read messages unless either member hides read receipts", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Gelezen?");
    expect(messagesOf(await openChat(anna, conversationId))[0]!.seen).toBe(false);
    await openChat(bram, conversationId);
    expect(messagesOf(await openChat(anna, conversationId))[0]!.seen).toBe(true);
    const saved = await runRoute(
      await siteRequest("/settings", bram.userId, { form: { intent: "readReceipts" } }),
      settingsAction,
    );
    expect(saved.status).toBe(302);
    expect(
      (await db().user.findUniqueOrThrow({ where: { id: bram.userId }, select: { hideReadReceipts: true } }))
        .hideReadReceipts,
    ).toBe(true);
    expect(messagesOf(await openChat(anna, conversationId))[0]!.seen).toBe(false);
    await send(bram, anna, "Terug");
    await openChat(anna, conversationId);
    expect(messagesOf(await openChat(bram, conversationId)).find((m) => m.own)!.seen).toBe(false);
    await runRoute(
      await siteRequest("/settings", bram.userId, {
        form: { intent: "readReceipts", showReadReceipts: "on" },
      }),
      settingsAction,
    );
    expect(messagesOf(await openChat(bram, conversationId)).find((m) => m.own)!.seen).toBe(true);
  });
  it("shows 'seen' once, under the newest own message read, not under later unread ones", async () => {
    const [anna, bram] = [await createMember({ credits: 100 }), await createMember({ credits: 100 })];
    const { conversationId } = await send(anna, bram, "Een");
    await send(anna, bram, "Twee");
    await openChat(bram, conversationId);
    await send(anna, bram, "Drie");
    const seenBodies = messagesOf(await openChat(anna, conversationId))
      .filter((m) => m.seen)
      .map((m) => m.body);
    expect(seenBodies).toEqual(["Twee"]);
    await openChat(bram, conversationId);
    const after = messagesOf(await openChat(anna, conversationId));
    expect(after.filter((m) => m.seen).map((m) => m.body)).toEqual(["Drie"]);
  });
});

describe("sendMessage under concurrency", () => {
  it("spends credits for one message once when two are sent at the same time", async () => {
    const [anna, bram] = [
      await createMember({ credits: site.messageCredits }),
      await createMember({ credits: 100 }),
    ];
    const ledgerBefore = await db().creditLedgerEntry.count({
      where: { userId: anna.userId, reason: "message" },
    });
    const results = await Promise.all(
      ["Een", "Twee"].map((body) =>
        sendMessage({
          senderId: anna.userId,
          site,
          to: { profileId: bram.profileId },
          content: { kind: "text", body },
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(["insufficientCredits"]);
    const after = await db().user.findUniqueOrThrow({
      where: { id: anna.userId },
      select: { credits: true },
    });
    expect(after.credits).toBe(0);
    expect(await db().creditLedgerEntry.count({ where: { userId: anna.userId, reason: "message" } })).toBe(
      ledgerBefore + 1,
    );
  });

  it("in an existing conversation, five sends at a balance of two messages store and charge exactly two", async () => {
    const [anna, bram] = [
      await createMember({ credits: site.messageCredits * 3 }),
      await createMember({ credits: 100 }),
    ];
    const first = await sendMessage({
      senderId: anna.userId,
      site,
      to: { profileId: bram.profileId },
      content: { kind: "text", body: "Hallo" },
    });
    if (!first.ok) throw new Error(first.error);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        sendMessage({
          senderId: anna.userId,
          site,
          to: { conversationId: first.conversationId },
          content: { kind: "text", body: `Bericht ${n}` },
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok && r.error === "insufficientCredits")).toHaveLength(3);
    const after = await db().user.findUniqueOrThrow({
      where: { id: anna.userId },
      select: { credits: true },
    });
    expect(after.credits).toBe(0);
    expect(await db().message.count({ where: { senderId: anna.userId } })).toBe(3);
    const ledger = await db().creditLedgerEntry.findMany({
      where: { userId: anna.userId, reason: "message" },
      select: { balanceAfter: true },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((entry) => entry.balanceAfter)).toEqual([
      site.messageCredits * 2,
      site.messageCredits,
      0,
    ]);
  });
});
