// The admins' site pages (docs/product.md, Members and roles; decision 0023): /staff/settings,
// /staff/packages and /staff/gifts save, refuse bad values per field with nothing saved, log the
// fields before and after, and take effect: on the member's next message, on /credits, in the gift
// picker, and through LISTEN/NOTIFY in every app process's cached site within a second or two.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_CHANNEL } from "~/domain/core/site-changes.server";
import { sendMessage } from "~/domain/chat/send-message.server";
import { packagesFor } from "~/domain/credits/packages.server";
import { memberPayments } from "~/domain/payments/member-payments.server";
import { formatMessageCosts, settingSections, type SettingSection } from "~/domain/sites/site-settings";
import { readSiteSettings } from "~/domain/sites/site-settings.server";
import { resolveSite } from "~/domain/sites/site.server";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { createRealtimeHub, type RealtimeHub } from "~/realtime/hub.server";
import { stopWatchingSiteChanges, watchSiteChanges } from "~/realtime/site-changes.server";
import * as chatPage from "~/routes/chats.$id";
import * as credits from "~/routes/credits";
import * as gifts from "~/routes/staff.gifts";
import * as packages from "~/routes/staff.packages";
import * as settings from "~/routes/staff.settings";
import { SETTING_CHOICES } from "~/routes/+staff/setting-choices";
import { seedBaseData } from "../../prisma/seed/base-data";
import { errorsOf } from "../fixtures/form-errors";
import { giftCatalogue } from "../fixtures/gifts";
import { createMember } from "../fixtures/members";
import { runRoute, sessionCookie } from "../fixtures/run-route";

const hubs: RealtimeHub[] = [];
let siteSeq = 0;

beforeAll(async () => {
  await seedBaseData(db());
});

afterAll(async () => {
  stopWatchingSiteChanges();
  await Promise.all(hubs.map((hub) => hub.stop()));
  await stopJobs();
});

/** A site of its own per test (a copy of the default site under another domain) and its admin. */
async function newSite() {
  const domain = `staff${++siteSeq}-${process.pid}.hartklop.test`;
  const base = await db().site.findFirstOrThrow({
    where: { isDefault: true },
    select: {
      companyId: true,
      name: true,
      countries: true,
      indexTitle: true,
      description: true,
      supportPhone: true,
      supportEmail: true,
      geoipSelectedCountry: true,
      visibleProfileFields: true,
    },
  });
  const { id } = await db().site.create({ data: { ...base, domain }, select: { id: true } });
  const admin = await createMember({ siteId: id, role: "admin" });
  return { id, domain, admin };
}

type Handler = (args: never, next: never) => unknown;

/** A GET, or a POST of `form` (pairs: a name may repeat), to `path` on `domain` as the user. */
async function call<T = Record<string, unknown>>(
  domain: string,
  path: string,
  userId: number,
  handler: Handler,
  form?: [string, string][] | Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://${domain}${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: await sessionCookie(userId), "X-Client-Ip": "10.9.8.7" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  return runRoute<T>(request, handler, params);
}

/** The form of a section as the page fills it from the stored settings. */
async function sectionForm(
  siteId: number,
  section: SettingSection,
  changes: Record<string, string | string[]> = {},
) {
  const stored = await readSiteSettings(siteId);
  const specs = settingSections(SETTING_CHOICES)[section];
  const pairs: [string, string][] = [["intent", section]];
  for (const [name, spec] of Object.entries(specs)) {
    const value =
      name in changes
        ? changes[name]!
        : spec.kind === "bool"
          ? stored[name]
            ? "on"
            : ""
          : spec.kind === "messageCosts"
            ? formatMessageCosts(stored[name])
            : Array.isArray(stored[name])
              ? (stored[name] as string[])
              : String(stored[name] ?? "");
    for (const one of [value].flat()) if (one !== "") pairs.push([name, one]);
  }
  return pairs;
}

const actionsOf = (siteId: number) =>
  db().staffAction.findMany({
    where: { siteId },
    orderBy: { id: "asc" },
    select: { action: true, targetType: true, targetId: true, detail: true, staffId: true },
  });

/** Polls `check` until it holds, for at most `ms`; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
}

describe("/staff/settings", () => {
  /** One change per section, of a different kind each where the section has one. */
  const CHANGES: Record<SettingSection, [Record<string, string | string[]>, Record<string, unknown>]> = {
    general: [
      {
        name: "Hartklop Test",
        countries: ["NL", "BE", "DE"],
        timeZone: "Europe/Berlin",
        domainLanguage: "nl-NL",
      },
      {
        name: "Hartklop Test",
        countries: ["NL", "BE", "DE"],
        timeZone: "Europe/Berlin",
        domainLanguage: "nl-NL",
      },
    ],
    access: [
      {
        signups: "invite_only",
        enableSiteEntryPopup: "nl, de",
        memberResell: "on",
        resellUrl: "https://partner.example/in",
      },
      {
        signups: "invite_only",
        enableSiteEntryPopup: "NL,DE",
        memberResell: true,
        resellUrl: "https://partner.example/in",
      },
    ],
    profiles: [
      { visibleProfileFields: ["gender", "age"], searchFields: ["gender", "country"], fictionalWarning: "" },
      {
        visibleProfileFields: ["gender", "age"],
        searchFields: ["gender", "country"],
        fictionalWarning: false,
      },
    ],
    credits: [
      { messageCredits: "12", minimumMessageCosts: "nl=300\n\nPL=500" },
      {
        messageCredits: 12,
        minimumMessageCosts: { NL: { costs: 300, currency: "EUR" }, PL: { costs: 500, currency: "PLN" } },
      },
    ],
    chat: [{ messageLength: "500" }, { messageLength: 500 }],
    limits: [{ directDebitIbanLimitCents: "10000" }, { directDebitIbanLimitCents: 10000 }],
  };

  it.each(Object.keys(CHANGES) as SettingSection[])(
    "saves the section %s and logs exactly the changed fields before and after",
    async (section) => {
      const site = await newSite();
      const [changes, stored] = CHANGES[section];
      const before = await readSiteSettings(site.id);
      const saved = await call(
        site.domain,
        "/staff/settings",
        site.admin.userId,
        settings.action as never,
        await sectionForm(site.id, section, changes),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(302);
      expect(saved.location).toBe(`/staff/settings?saved=${section}#${section}`);
      const after = await readSiteSettings(site.id);
      expect(after).toMatchObject(stored);
      const changed = Object.keys(stored).filter(
        (name) => JSON.stringify(before[name]) !== JSON.stringify(stored[name]),
      );
      expect(await actionsOf(site.id)).toEqual([
        {
          action: "settings_changed",
          targetType: "site",
          targetId: site.id,
          staffId: site.admin.userId,
          detail: {
            before: Object.fromEntries(changed.map((name) => [name, before[name] ?? null])),
            after: Object.fromEntries(changed.map((name) => [name, stored[name]])),
          },
        },
      ]);

      // The same values again change nothing: no row, and the page says so.
      const again = await call(
        site.domain,
        "/staff/settings",
        site.admin.userId,
        settings.action as never,
        await sectionForm(site.id, section),
      );
      expect(again.location).toBe(`/staff/settings?unchanged=${section}#${section}`);
      expect(await actionsOf(site.id)).toHaveLength(1);
      const page = await call<{ unchanged: string | null }>(
        site.domain,
        `/staff/settings?unchanged=${section}`,
        site.admin.userId,
        settings.loader as never,
      );
      expect(page.body?.unchanged).toBe(section);
    },
  );

  /** A wrong value of each kind, the field it is reported on and a piece of the Dutch message. */
  const WRONG: [SettingSection, string, string | string[], string][] = [
    ["credits", "messageCredits", "0", "heel getal van 1 tot en met 1000"],
    ["credits", "photoCredits", "2,5", "heel getal van 1 tot en met 1000"],
    ["chat", "messageLength", "5001", "heel getal van 1 tot en met 5000"],
    ["general", "name", "x".repeat(101), "hoogstens 100 tekens"],
    ["general", "supportEmail", "geen-adres", "geldig e-mailadres"],
    ["general", "countries", ["NL", "XX"], "minstens één land"],
    ["general", "countries", [], "minstens één land"],
    ["general", "domainLanguage", "klingon", "taalcode"],
    ["general", "timeZone", "Mars/Olympus", "geldige tijdzone"],
    ["access", "resellUrl", "javascript:alert(1)", "volledig webadres"],
    ["access", "signups", "everyone", "een van de mogelijkheden"],
    ["access", "enableSiteEntryPopup", "NL,ZZ", "landcodes"],
    ["profiles", "searchFields", ["gender", "hobby"], "een van de mogelijkheden"],
    ["profiles", "fictionalSingular", "", "Vul dit veld in"],
    ["credits", "minimumMessageCosts", "NL=veel", "NL=250"],
    ["credits", "minimumMessageCosts", "NL=250\nNL=300", "NL=250"],
    ["credits", "minimumMessageCosts", "XX=250", "NL=250"],
  ];

  it("refuses a wrong value of every kind with its message on the field, typed values kept, nothing saved", async () => {
    const site = await newSite();
    const before = await readSiteSettings(site.id);
    for (const [section, field, value, message] of WRONG) {
      const answer = await call(
        site.domain,
        "/staff/settings",
        site.admin.userId,
        settings.action as never,
        await sectionForm(site.id, section, { [field]: value }),
      );
      expect(answer.status, `${field}=${String(value)}`).toBe(400);
      expect(errorsOf(answer.body as object)[field]?.join(" "), `${field}=${String(value)}`).toContain(
        message,
      );
      const kept = (answer.body as { initialValue?: Record<string, unknown> }).initialValue?.[field];
      if (typeof value === "string" && value !== "") expect(kept).toBe(value);
    }
    expect(await readSiteSettings(site.id)).toEqual(before);
    expect(await actionsOf(site.id)).toEqual([]);
  });

  it("answers an unknown section 400 and another site's admin changes only their own site", async () => {
    const [mine, other] = [await newSite(), await newSite()];
    const unknown = await call(mine.domain, "/staff/settings", mine.admin.userId, settings.action as never, {
      intent: "secrets",
    });
    expect(unknown.status).toBe(400);
    // The other site's admin on this site's host has no session here: the login page.
    const foreign = await call(mine.domain, "/staff/settings", other.admin.userId, settings.loader as never);
    expect(foreign.status).toBe(302);
    expect(foreign.location).toMatch(/^\/login/);
    const support = await createMember({ siteId: mine.id, role: "support" });
    expect(
      (await call(mine.domain, "/staff/settings", support.userId, settings.loader as never)).status,
    ).toBe(404);
  });

  it("takes effect: the next message costs the new price, in this process and in another one's cache within seconds", async () => {
    const site = await newSite();
    const [anna, bram] = [
      await createMember({ siteId: site.id, credits: 100, country: "NL" }),
      await createMember({ siteId: site.id, country: "NL" }),
    ];
    expect((await resolveSite(site.domain)).messageCredits).toBe(10); // now cached for 30 s

    // Without a process listening, the cached site stays as it was (this is what the notice fixes).
    await call(
      site.domain,
      "/staff/settings",
      site.admin.userId,
      settings.action as never,
      await sectionForm(site.id, "credits", { messageCredits: "11" }),
    );
    expect((await resolveSite(site.domain)).messageCredits).toBe(10);

    // Two app processes' hubs: each hears the change; this process's cache is dropped by its own.
    const other = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    const own = createRealtimeHub({ connectionString: process.env.DATABASE_URL!, log: () => {} });
    hubs.push(other, own);
    const heard: (string | undefined)[] = [];
    other.watch(SITE_CHANNEL, (payload) => heard.push(payload));
    watchSiteChanges(own);
    await Promise.all([other.ready(), own.ready()]);
    heard.length = 0;

    await call(
      site.domain,
      "/staff/settings",
      site.admin.userId,
      settings.action as never,
      await sectionForm(site.id, "credits", { messageCredits: "13" }),
    );
    const took = await within(2000, async () => (await resolveSite(site.domain)).messageCredits === 13);
    expect(took).toBeLessThan(2000);
    await within(2000, async () => heard.includes(String(site.id)));

    const sent = await sendMessage({
      senderId: anna.userId,
      site: await resolveSite(site.domain),
      to: { profileId: bram.profileId },
      content: { kind: "text", body: "Hoi Bram" },
    });
    expect(sent.ok).toBe(true);
    const { credits: left } = await db().user.findUniqueOrThrow({
      where: { id: anna.userId },
      select: { credits: true },
    });
    expect(left).toBe(100 - 13);
  });
});

/** The package form with `changes`. */
const packageForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  currency: "EUR",
  credits: "40",
  price: "9,95",
  discountPercent: "0",
  variant: "1",
  active: "on",
  ...changes,
});

describe("/staff/packages", () => {
  it("creates, changes, reorders and switches off a package; a switched-off one leaves /credits but its payments stay", async () => {
    const site = await newSite();
    const post = (form: Record<string, string>) =>
      call(site.domain, "/staff/packages", site.admin.userId, packages.action as never, form);

    const created = await post(packageForm());
    expect(created.status, JSON.stringify(created.body)).toBe(302);
    const first = await db().creditPackage.findFirstOrThrow({ where: { siteId: site.id, credits: 40 } });
    expect(first).toMatchObject({
      currency: "EUR",
      priceCents: 995,
      variant: 1,
      active: true,
      popular: false,
    });
    expect((await post(packageForm({ credits: "100", price: "19.95", popular: "on" }))).status).toBe(302);
    const second = await db().creditPackage.findFirstOrThrow({ where: { siteId: site.id, credits: 100 } });

    // A change logs only what changed; the same values again log nothing.
    const changed = await post(packageForm({ id: String(first.id), price: "10" }));
    expect(changed.location).toBe(`/staff/packages?notice=saved#package-${first.id}`);
    expect((await post(packageForm({ id: String(first.id), price: "10.00" }))).location).toBe(
      `/staff/packages?notice=unchanged#package-${first.id}`,
    );

    // Members see the packages in the admins' order.
    const member = await createMember({ siteId: site.id, country: "NL" });
    const offered = async () => {
      const page = await call<{ packages: { id: number }[] }>(
        site.domain,
        "/credits",
        member.userId,
        credits.loader as never,
      );
      return page.body!.packages.map((p) => p.id);
    };
    expect(await packagesFor(site.id, "EUR")).toHaveLength(2);
    expect(await offered()).toEqual([first.id, second.id]);
    expect((await post({ intent: "up", id: String(second.id) })).status).toBe(302);
    expect((await post({ intent: "up", id: String(second.id) })).status).toBe(302); // already on top
    // The cache of packages is this process's; without its hub listening it is dropped by hand here.
    const { clearPackageCache } = await import("~/domain/credits/packages.server");
    clearPackageCache();
    expect(await offered()).toEqual([second.id, first.id]);

    const payment = await db().payment.create({
      data: {
        userId: member.userId,
        siteId: site.id,
        packageId: second.id,
        method: "ideal",
        amountCents: 1995,
        currency: "EUR",
        credits: 100,
        status: "paid",
        paidAt: new Date(),
      },
      select: { id: true },
    });
    expect((await post({ intent: "deactivate", id: String(second.id) })).status).toBe(302);
    clearPackageCache();
    expect(await offered()).toEqual([first.id]);
    expect((await memberPayments(member.userId)).map((p) => p.id)).toEqual([payment.id]);
    expect(await db().creditPackage.count({ where: { id: second.id } })).toBe(1);

    const logged = await actionsOf(site.id);
    expect(logged.map((a) => [a.action, a.targetType, a.targetId])).toEqual([
      ["package_created", "credit_package", first.id],
      ["package_created", "credit_package", second.id],
      ["package_updated", "credit_package", first.id],
      ["package_updated", "credit_package", second.id],
      ["package_updated", "credit_package", second.id],
    ]);
    expect(logged[2]!.detail).toEqual({ before: { priceCents: 995 }, after: { priceCents: 1000 } });
    expect(logged[3]!.detail).toEqual({ before: { sortOrder: 1 }, after: { sortOrder: 0 } });
    expect(logged[4]!.detail).toEqual({ before: { active: true }, after: { active: false } });
  });

  it("refuses wrong values per field with nothing saved", async () => {
    const site = await newSite();
    const post = (form: Record<string, string>) =>
      call(site.domain, "/staff/packages", site.admin.userId, packages.action as never, form);
    expect((await post(packageForm())).status).toBe(302);
    const cases: [Record<string, string>, string, string][] = [
      [{ credits: "0" }, "credits", "heel getal van 1 tot en met 100000"],
      [{ price: "gratis" }, "price", "bedrag in zoals 19.95"],
      [{ price: "0.00" }, "price", "bedrag in zoals 19.95"],
      [{ currency: "BTC" }, "currency", "een van de mogelijkheden"],
      [{ variant: "7" }, "variant", "een van de mogelijkheden"],
      [{ discountPercent: "100" }, "discountPercent", "heel getal van 0 tot en met 99"],
      [{}, "credits", "al een pakket met dit aantal credits"],
    ];
    for (const [changes, field, message] of cases) {
      const answer = await post(packageForm(changes));
      expect(answer.status, field).toBe(400);
      expect(errorsOf(answer.body as object)[field]?.join(" "), JSON.stringify(changes)).toContain(message);
    }
    expect(await db().creditPackage.count({ where: { siteId: site.id } })).toBe(1);
    expect(await actionsOf(site.id)).toHaveLength(1);
  });

  it("answers 404 for another site's package", async () => {
    const [mine, other] = [await newSite(), await newSite()];
    const theirs = await db().creditPackage.create({
      data: { siteId: other.id, currency: "EUR", credits: 77, priceCents: 777 },
      select: { id: true },
    });
    const asMine = (form?: Record<string, string>, query = "") =>
      call(
        mine.domain,
        `/staff/packages${query}`,
        mine.admin.userId,
        (form ? packages.action : packages.loader) as never,
        form,
      );
    expect((await asMine(undefined, `?edit=${theirs.id}`)).status).toBe(404);
    expect((await asMine({ intent: "deactivate", id: String(theirs.id) })).status).toBe(404);
    expect((await asMine({ intent: "up", id: String(theirs.id) })).status).toBe(404);
    expect((await asMine(packageForm({ id: String(theirs.id) }))).status).toBe(404);
    expect(await db().creditPackage.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      active: true,
      priceCents: 777,
    });
  });
});

const NAMES = {
  name_nl: "Zonnebloem",
  name_de: "Sonnenblume",
  name_en: "Sunflower",
  name_es: "Girasol",
  name_fr: "Tournesol",
  name_it: "Girasole",
  name_pl: "Słonecznik",
};
const giftForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  code: "sunflower",
  image: "/gifts/rose.svg",
  active: "on",
  ...NAMES,
  ...changes,
});

describe("/staff/gifts", () => {
  it("creates, changes and switches off a gift: gone from the picker, old gift messages still show", async () => {
    const site = await newSite();
    const post = (form: Record<string, string>) =>
      call(site.domain, "/staff/gifts", site.admin.userId, gifts.action as never, form);
    expect((await post(giftForm())).status).toBe(302);
    const gift = await db().gift.findFirstOrThrow({ where: { siteId: site.id, code: "sunflower" } });
    expect(gift.names).toEqual({
      nl: "Zonnebloem",
      de: "Sonnenblume",
      en: "Sunflower",
      es: "Girasol",
      fr: "Tournesol",
      it: "Girasole",
      pl: "Słonecznik",
    });
    expect((await giftCatalogue(await resolveSite(site.domain))).map((g) => g.code)).toEqual(["sunflower"]);

    expect((await post(giftForm({ id: String(gift.id), name_nl: "Zonnebloempje" }))).location).toBe(
      `/staff/gifts?notice=saved#gift-${gift.id}`,
    );
    expect((await post(giftForm({ id: String(gift.id), name_nl: "Zonnebloempje" }))).location).toBe(
      `/staff/gifts?notice=unchanged#gift-${gift.id}`,
    );

    const [anna, bram] = [
      await createMember({ siteId: site.id, credits: 100 }),
      await createMember({ siteId: site.id }),
    ];
    const sent = await sendMessage({
      senderId: anna.userId,
      site: await resolveSite(site.domain),
      to: { profileId: bram.profileId },
      content: { kind: "gift", giftId: gift.id },
    });
    if (!sent.ok) throw new Error(sent.error);

    expect((await post({ intent: "deactivate", id: String(gift.id) })).status).toBe(302);
    expect(await giftCatalogue(await resolveSite(site.domain))).toEqual([]);
    const picker = await call<{ extras: { gifts: unknown[] } }>(
      site.domain,
      `/chats/${sent.conversationId}?gifts=1`,
      anna.userId,
      chatPage.loader as never,
      undefined,
      { id: String(sent.conversationId) },
    );
    expect(picker.body!.extras.gifts).toEqual([]);
    // The message keeps its gift, with the admin's names.
    expect(JSON.stringify(picker.body)).toContain('"code":"sunflower"');
    expect(JSON.stringify(picker.body)).toContain("Zonnebloempje");

    const logged = await actionsOf(site.id);
    expect(logged.map((a) => [a.action, a.targetType])).toEqual([
      ["gift_created", "gift"],
      ["gift_updated", "gift"],
      ["gift_updated", "gift"],
    ]);
    expect(logged[1]!.detail).toEqual({
      before: { names: { ...(gift.names as object), nl: "Zonnebloem" } },
      after: { names: { ...(gift.names as object), nl: "Zonnebloempje" } },
    });
    expect(logged[2]!.detail).toEqual({ before: { active: true }, after: { active: false } });
  });

  it("refuses wrong values per field with nothing saved, and another site's gift is 404", async () => {
    const [site, other] = [await newSite(), await newSite()];
    const post = (form: Record<string, string>) =>
      call(site.domain, "/staff/gifts", site.admin.userId, gifts.action as never, form);
    expect((await post(giftForm())).status).toBe(302);
    const cases: [Record<string, string>, string, string][] = [
      [{ code: "Roos!" }, "code", "kleine letters"],
      [{ name_pl: "" }, "name_pl", "Vul dit veld in"],
      [{ name_fr: "x".repeat(41) }, "name_fr", "hoogstens 40 tekens"],
      [{ image: "/etc/passwd" }, "image", "een van de mogelijkheden"],
      [{}, "code", "al een cadeau met deze code"],
    ];
    for (const [changes, field, message] of cases) {
      const answer = await post(giftForm(changes));
      expect(answer.status, field).toBe(400);
      expect(errorsOf(answer.body as object)[field]?.join(" "), JSON.stringify(changes)).toContain(message);
    }
    expect(await db().gift.count({ where: { siteId: site.id } })).toBe(1);

    const theirs = await db().gift.create({
      data: { siteId: other.id, code: "theirs", image: "/gifts/kiss.svg" },
      select: { id: true },
    });
    expect(
      (await call(site.domain, `/staff/gifts?edit=${theirs.id}`, site.admin.userId, gifts.loader as never))
        .status,
    ).toBe(404);
    expect((await post({ intent: "deactivate", id: String(theirs.id) })).status).toBe(404);
    expect((await post(giftForm({ id: String(theirs.id), code: "mine" }))).status).toBe(404);
    expect(await db().gift.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      active: true,
      code: "theirs",
    });
    expect(await actionsOf(site.id)).toHaveLength(1);
  });
});
