// Trust and first contact (docs/product.md; decision 0062): the trust level from the send's facts,
// the daily new conversations per level, contact details in low-trust openers, copy-paste openers,
// the staff's spam list and the hold after reports from 3 members.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banMember, liftBan } from "~/domain/accounts/ban.server";
import { clearReportHold } from "~/domain/chat/report-hold.server";
import { reportMessage } from "~/domain/chat/report-message.server";
import { pruneOpenerHashes, sendMessage, type ChatSite } from "~/domain/chat/send-message.server";
import { spamList } from "~/domain/chat/spam-list.server";
import { listComplaints } from "~/domain/complaints/complaints.server";
import { likesForApi, listLikes } from "~/domain/likes/overview.server";
import { newestMembers } from "~/domain/profiles/newest-members.server";
import { resolveSite, type Site } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import MemberChatRoute, {
  action as memberChatAction,
  loader as memberChatLoader,
} from "~/routes/members.$id.chat";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, separateProfileIds, type Member, type MemberOptions } from "../fixtures/members";
import { renderRoute } from "../fixtures/render-route";
import { post, runRoute, siteRequest } from "../fixtures/run-route";

const DAY = 86_400_000;
let site: Site;

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  site = await resolveSite("hartklop.nl");
});

afterAll(async () => {
  await stopJobs();
});

/**
 * A member with credits whose account is `ageDays` old (3 unless told: past the site's stricter
 * numbers for accounts younger than a day).
 */
async function memberWith(options: MemberOptions & { ageDays?: number } = {}) {
  const { ageDays = 3, ...rest } = options;
  return createMember({ credits: 1000, signupDate: new Date(Date.now() - ageDays * DAY), ...rest });
}

/**
 * The site's own limits out of the way, so that only the trust level's number shows: free members'
 * 2 conversations and the hourly and daily numbers (each tested in send-message.test.ts).
 */
const open: Partial<ChatSite> = {
  freeConversations: 1000,
  newConversationsPerHour: 1000,
  newConversationsPerDay: 1000,
};

function send(from: Member, to: Member, body: string, now?: Date, override: Partial<ChatSite> = open) {
  return sendMessage({
    senderId: from.userId,
    site: { ...site, ...override },
    to: { profileId: to.profileId },
    content: { kind: "text", body },
    now,
  });
}

/** First messages from `from` to `count` new members, each with its own text; the results. */
async function startConversations(from: Member, count: number, now?: Date) {
  const results = [];
  for (let i = 0; i < count; i++) {
    results.push(
      await send(from, await createMember(), `Opener ${from.userId} ${"abcdefghijklmnop"[i]}`, now),
    );
  }
  return results;
}

/** `reporter` reports the newest message `sender` sent them (the conversation must exist). */
async function report(sender: Member, reporter: Member, now?: Date) {
  const message = await db().message.findFirstOrThrow({
    where: { senderId: sender.userId, conversation: { members: { some: { userId: reporter.userId } } } },
    orderBy: { id: "desc" },
    select: { id: true, conversationId: true },
  });
  const reported = await reportMessage({
    reporterId: reporter.userId,
    ip: `10.1.${reporter.userId % 250}.${Math.floor(reporter.userId / 250) % 250}`,
    site,
    conversationId: message.conversationId,
    messageId: message.id,
    category: "spam",
    now,
  });
  expect(reported.ok).toBe(true);
}

/** A member who wrote to `count` others (a trusted sender, so no limit stops it), and those others. */
async function writtenTo(count: number) {
  const sender = await memberWith({ paidUser: true, ageDays: 30, photos: [{}] });
  const reporters: Member[] = [];
  for (let i = 0; i < count; i++) {
    const reporter = await createMember();
    expect(await send(sender, reporter, `Hallo nummer ${"abcdefgh"[i]}`)).toMatchObject({ ok: true });
    reporters.push(reporter);
  }
  return { sender, reporters };
}

const errorOf = (result: Awaited<ReturnType<typeof send>>) => (result.ok ? "ok" : result.error);

describe("new conversations per day by trust level", () => {
  it("a new member (no photo, purchase or answer) starts 3 a day; the fourth says why; a day later again", async () => {
    const fresh = await memberWith();
    const results = await startConversations(fresh, 4);
    expect(results.map(errorOf)).toEqual(["ok", "ok", "ok", "trustLimitNew"]);
    // Nothing of the refused one stays: no conversation, no charge.
    expect(await db().conversation.count({ where: { startedById: fresh.userId } })).toBe(3);
    // Writing on in a conversation already started is not a new one.
    const first = results[0]!;
    if (!first.ok) throw new Error("first not sent");
    expect(
      await sendMessage({
        senderId: fresh.userId,
        site: { ...site, ...open },
        to: { conversationId: first.conversationId },
        content: { kind: "text", body: "Nog een vraag" },
      }),
    ).toMatchObject({ ok: true });
    expect((await startConversations(fresh, 1, new Date(Date.now() + DAY + 60_000))).map(errorOf)).toEqual([
      "ok",
    ]);
  });

  it("gifts count as first contact too", async () => {
    const fresh = await memberWith();
    await startConversations(fresh, 3);
    const gift = await db().gift.findFirstOrThrow({
      where: { siteId: site.id, active: true },
      select: { id: true },
    });
    const other = await createMember();
    expect(
      await sendMessage({
        senderId: fresh.userId,
        site: { ...site, ...open },
        to: { profileId: other.profileId },
        content: { kind: "gift", giftId: gift.id },
      }),
    ).toEqual({ ok: false, error: "trustLimitNew" });
  });

  it("an approved photo, a purchase or one answer makes a member known (10 a day); a photo under inspection does not", async () => {
    const withPhoto = await memberWith({ photos: [{ status: "active" }] });
    const inspected = await memberWith({ photos: [{ status: "inspection" }] });
    const paid = await memberWith({ paidUser: true });
    expect((await startConversations(withPhoto, 4)).map(errorOf).at(-1)).toBe("ok");
    expect((await startConversations(inspected, 4)).map(errorOf).at(-1)).toBe("trustLimitNew");
    expect((await startConversations(paid, 4)).map(errorOf).at(-1)).toBe("ok");
    const more = await startConversations(withPhoto, 7);
    expect(more.map(errorOf)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok", "trustLimitKnown"]);

    // An answer in a conversation the member started.
    const answered = await memberWith();
    const partner = await memberWith();
    const started = await send(answered, partner, "Hoi, hoe is je weekend?");
    if (!started.ok) throw new Error("not sent");
    await sendMessage({
      senderId: partner.userId,
      site,
      to: { conversationId: started.conversationId },
      content: { kind: "text", body: "Goed hoor!" },
    });
    expect((await startConversations(answered, 4)).map(errorOf)).toEqual(["ok", "ok", "ok", "ok"]);
  });

  it("trusts a week-old account with a purchase: only the site's own numbers apply", async () => {
    const trusted = await memberWith({ paidUser: true, ageDays: 8 });
    expect((await startConversations(trusted, 12)).every((result) => result.ok)).toBe(true);
    // The site's daily number still holds for everyone.
    const limited = await send(trusted, await createMember(), "Nog eentje", undefined, {
      ...open,
      newConversationsPerDay: 12,
    });
    expect(limited).toEqual({ ok: false, error: "tooManyConversations" });
  });

  it("reports from 2 different members within 30 days lower anyone to 1 a day; older reports, or one reporter, do not", async () => {
    const { sender, reporters } = await writtenTo(3);
    await report(sender, reporters[0]!, new Date(Date.now() - 31 * DAY));
    await report(sender, reporters[1]!);
    expect((await startConversations(sender, 1)).map(errorOf)).toEqual(["ok"]);
    await report(sender, reporters[2]!);
    expect((await startConversations(sender, 1)).map(errorOf)).toEqual(["trustLimitReported"]);
  });
});

describe("contact details in first messages", () => {
  const LINK = "Kijk eens op www.mijnfotos.example.com of app 06 12 34 56 78";

  it("refuses a link or phone number from a new member until the other answered; nothing is sent", async () => {
    const fresh = await memberWith();
    const other = await memberWith();
    expect(await send(fresh, other, LINK)).toEqual({ ok: false, error: "contactDetails" });
    expect(await send(fresh, other, "mail me op anna@example.nl")).toEqual({
      ok: false,
      error: "contactDetails",
    });
    expect(await db().message.count({ where: { senderId: fresh.userId } })).toBe(0);
    // A second message in a conversation the other has not answered yet: still refused.
    const started = await send(fresh, other, "Hoi! Leuk profiel.");
    if (!started.ok) throw new Error("not sent");
    expect(await send(fresh, other, "bel me: 0612345678")).toEqual({ ok: false, error: "contactDetails" });
    // Once the other member answered, it is their conversation too.
    await sendMessage({
      senderId: other.userId,
      site,
      to: { conversationId: started.conversationId },
      content: { kind: "text", body: "Hoi terug" },
    });
    expect(await send(fresh, other, "bel me: 0612345678")).toMatchObject({ ok: true });
  });

  it("lets a known member send them in a first message", async () => {
    const known = await memberWith({ photos: [{}] });
    expect(await send(known, await memberWith(), LINK)).toMatchObject({ ok: true });
  });

  it("a member the other wrote to first may answer with them", async () => {
    const fresh = await memberWith();
    const writer = await memberWith({ paidUser: true });
    expect(await send(writer, fresh, "Hoi, zin in een date?")).toMatchObject({ ok: true });
    expect(await send(fresh, writer, "Graag, bel me op 06-12345678")).toMatchObject({ ok: true });
  });

  it("without JavaScript the chat page answers 400 with the reason and shows the typed text again", async () => {
    const fresh = await memberWith();
    const other = await memberWith();
    const outcome = await post(
      `/members/${other.profileId}/chat`,
      fresh,
      { intent: "send", body: LINK },
      memberChatAction,
      { params: { id: String(other.profileId) } },
    );
    expect(outcome).toMatchObject({ status: 400, body: { ok: false, error: "contactDetails", text: LINK } });
    const url = `/members/${other.profileId}/chat`;
    const page = await runRoute(await siteRequest(url, fresh.userId), memberChatLoader, {
      id: String(other.profileId),
    });
    const { text, html } = renderRoute({
      Component: MemberChatRoute,
      path: "/members/:id/chat",
      url,
      loaderData: page.body,
      actionData: outcome.body,
    });
    expect(text).toContain("Je eerste berichten mogen geen link, e-mailadres of telefoonnummer bevatten");
    expect(html).toContain("www.mijnfotos.example.com of app 06 12 34 56 78</textarea>");
  });
});

describe("copy-paste openers", () => {
  it("the same opener (digits, case and spaces aside) reaches 3 members a day; the fourth is refused, another text not", async () => {
    const sender = await memberWith({ paidUser: true, ageDays: 30 });
    const now = new Date("2026-12-07T10:00:00Z");
    const variants = [
      "Hoi schat, 1 vraagje",
      "hoi  SCHAT, 2 vraagje",
      "Hoi schat, 3 vraagje",
      "HOI schat, 4 vraagje",
    ];
    const results = [];
    for (const body of variants) results.push(await send(sender, await createMember(), body, now));
    expect(results.map(errorOf)).toEqual(["ok", "ok", "ok", "copyPasteOpener"]);
    expect(await send(sender, await createMember(), "Iets heel anders", now)).toMatchObject({ ok: true });
    // Only a hash is stored, with the count that was sent (the refused one rolled back).
    const stored = await db().openerHash.findMany({
      where: { userId: sender.userId },
      orderBy: { count: "desc" },
    });
    expect(stored[0]).toMatchObject({ count: 3 });
    expect(stored[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain("schat");
    // The next site day counts afresh.
    const nextDay = new Date("2026-12-08T10:00:00Z");
    expect(await send(sender, await createMember(), "Hoi schat, 5 vraagje", nextDay)).toMatchObject({
      ok: true,
    });
  });

  it("counts days in the site's time zone: 23:30 and 00:30 Amsterdam time are two days", async () => {
    const sender = await memberWith({ paidUser: true, ageDays: 30 });
    const evening = new Date("2026-12-09T22:30:00Z"); // 23:30 in Amsterdam
    for (let i = 0; i < 3; i++)
      expect(await send(sender, await createMember(), "Goedenavond!", evening)).toMatchObject({ ok: true });
    const afterMidnight = new Date("2026-12-09T23:30:00Z"); // 00:30 the next day
    expect(
      await send(sender, await createMember(), "Goedenavond!", afterMidnight, {
        ...open,
        sameTextRecipientsPerHour: 100,
      }),
    ).toMatchObject({ ok: true });
  });

  it("the daily maintenance drops the counts of days before yesterday", async () => {
    const sender = await memberWith({ paidUser: true, ageDays: 30 });
    await send(sender, await createMember(), "Een oude opener", new Date("2026-11-01T12:00:00Z"));
    await send(sender, await createMember(), "Een nieuwe opener", new Date("2026-11-04T12:00:00Z"));
    expect(await pruneOpenerHashes(new Date("2026-11-04T13:00:00Z"))).toBeGreaterThanOrEqual(1);
    const days = await db().openerHash.findMany({ where: { userId: sender.userId }, select: { day: true } });
    expect(days.map((row) => row.day.toISOString().slice(0, 10))).toEqual(["2026-11-04"]);
  });
});

describe("the staff's possible-spam list", () => {
  it("lists copy-paste openers at once and contact details from the second refusal, of this site only", async () => {
    const copier = await memberWith({ paidUser: true, ageDays: 30 });
    for (let i = 0; i < 4; i++) await send(copier, await createMember(), `Zelfde tekst ${i}`);
    const once = await memberWith();
    await send(once, await createMember(), "www.example.com");
    const twice = await memberWith();
    await send(twice, await createMember(), "www.example.com");
    await send(twice, await createMember(), "bel 0612345678");
    const list = await spamList(site.id);
    const listed = (member: Member) => list.filter((row) => row.userId === member.userId);
    expect(listed(copier)).toMatchObject([{ kind: "copy_paste_opener", count: 1 }]);
    expect(listed(once)).toEqual([]);
    expect(listed(twice)).toMatchObject([{ kind: "contact_details", count: 2 }]);
    const other = await resolveSite("herzklopfen.de");
    expect((await spamList(other.id)).some((row) => row.userId === twice.userId)).toBe(false);
    // Refusals older than the list's 30 days drop out.
    expect(
      (await spamList(site.id, new Date(Date.now() + 31 * DAY))).some((row) => row.userId === twice.userId),
    ).toBe(false);
  });
});

describe("the hold after reports from 3 members", () => {
  const listed = async (member: Member) =>
    (
      await db().profile.findUniqueOrThrow({
        where: { id: member.profileId },
        select: { listedSiteId: true },
      })
    ).listedSiteId !== null;

  async function inLists(member: Member, viewer: Member) {
    const newest = await newestMembers(site, [], 1000);
    const likes = await likesForApi(viewer.userId);
    const received = await listLikes(viewer.userId, "received", 1, []);
    return {
      listed: await listed(member),
      newest: newest.some((profile) => profile.id === member.profileId),
      likes: likes.liked_by.some((profile) => profile.id === member.profileId),
      likesPage: received.cards.some((card) => card.id === member.profileId),
    };
  }

  it("hides after 3 different reporters within 7 days, not after 2, not one reporter twice, not with older reports", async () => {
    const { sender, reporters } = await writtenTo(4);
    await db().like.create({ data: { likerId: sender.userId, likedId: reporters[3]!.userId } });
    const shown = { listed: true, newest: true, likes: true, likesPage: true };
    expect(await inLists(sender, reporters[3]!)).toEqual(shown);
    await report(sender, reporters[0]!, new Date(Date.now() - 8 * DAY));
    await report(sender, reporters[1]!);
    // The same reporter about a second message counts once.
    await send(sender, reporters[1]!, "Nog een bericht");
    await report(sender, reporters[1]!);
    expect(await inLists(sender, reporters[3]!)).toEqual(shown);
    await report(sender, reporters[2]!);
    expect(await inLists(sender, reporters[3]!)).toEqual(shown);
    await report(sender, reporters[3]!);
    expect(await inLists(sender, reporters[3]!)).toEqual({
      listed: false,
      newest: false,
      likes: false,
      likesPage: false,
    });

    // The reports queue puts the held member's reports first and names the account.
    const { complaints } = await listComplaints(site.id, 1);
    const held = complaints.filter((complaint) => complaint.heldUserId === sender.userId);
    expect(held.length).toBeGreaterThanOrEqual(3);
    expect(
      complaints.slice(0, held.length).every((complaint) => complaint.heldUserId === sender.userId),
    ).toBe(true);
  });

  it("staff clearing the hold lists the member again, logged; the old reports no longer count", async () => {
    const { sender, reporters } = await writtenTo(4);
    for (const reporter of reporters.slice(0, 3)) await report(sender, reporter);
    expect(await listed(sender)).toBe(false);
    const support = await createMember({ role: "support" });
    const staff = { id: support.userId, siteId: site.id };
    expect(await clearReportHold(staff, sender.userId, "Gesprekken bekeken, geen spam")).toEqual({
      ok: true,
    });
    expect(await listed(sender)).toBe(true);
    expect(await clearReportHold(staff, sender.userId, "Nog eens")).toEqual({
      ok: false,
      error: "notApplicable",
    });
    const logged = await db().staffAction.findMany({
      where: { targetType: "user", targetId: sender.userId },
      select: { action: true, staffId: true, detail: true },
    });
    expect(logged).toMatchObject([
      {
        action: "report_hold_cleared",
        staffId: support.userId,
        detail: { reason: "Gesprekken bekeken, geen spam" },
      },
    ]);
    // One new report after the decision is one reporter, not four.
    await send(sender, reporters[3]!, "Hallo weer");
    await report(sender, reporters[3]!);
    expect(await listed(sender)).toBe(true);
    // Nor do the old ones lower the trust level any more.
    expect((await startConversations(sender, 2)).map(errorOf)).toEqual(["ok", "ok"]);
  });

  it("a ban is the staff's decision too: lifting it later shows the member again", async () => {
    const { sender, reporters } = await writtenTo(3);
    for (const reporter of reporters) await report(sender, reporter);
    expect(await listed(sender)).toBe(false);
    const admin = await createMember({ role: "admin" });
    const staff = { id: admin.userId, siteId: site.id };
    expect(await banMember(staff, sender.userId, { banReason: "spam", reason: "Spam in chats" })).toEqual({
      ok: true,
    });
    expect(await liftBan(staff, sender.userId, "Toch geen spam")).toEqual({ ok: true });
    expect(await listed(sender)).toBe(true);
    const ban = await db().staffAction.findFirstOrThrow({
      where: { targetType: "user", targetId: sender.userId, action: "member_banned" },
      select: { detail: true },
    });
    expect(ban.detail).toMatchObject({ before: { reportHoldAt: expect.any(String) } });
  });
});
