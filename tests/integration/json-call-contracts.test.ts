// The JSON calls other clients use, as docs/product.md (JSON calls) gives them, against the real
// database through the app's request middlewares: GET /api/user.php (the user's fields, the scope
// key, the main image's files, status and match path), GET /api/discountcode.php (status, validity
// and value_percentage of every kind of code, with and without a package) and GET
// /api/settings.php (the forced domain). Field names and types are asserted exactly.
import { data } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSiteCache } from "~/domain/sites/site.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { fileStorage } from "~/lib/storage.server";
import { vapidKeys } from "~/lib/vapid-keys.server";
import * as discountApi from "~/routes/api.discountcode";
import * as settingsApi from "~/routes/api.settings";
import * as userApi from "~/routes/api.user";
import * as photoRoute from "~/routes/photos.$photoId.$size";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { routeSimulatorWebhooks } from "../fixtures/mollie-webhooks";
import { buy, buyer, eurPackage } from "../fixtures/purchases";
import { runRoute, sessionCookie, siteRequest } from "../fixtures/run-route";

let sites: { nl: number; de: number };

beforeAll(async () => {
  sites = await seedBaseData(db());
});

afterAll(async () => {
  await stopJobs();
});

routeSimulatorWebhooks();

const HOUR = 3600_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Json = Record<string, unknown>;

/** A GET of `path` as the member (null: a visitor) on a site by its domain, through `loader`. */
async function get(path: string, who: Member | null, loader: unknown, domain = "hartklop.nl") {
  const headers = new Headers({ "X-Client-Ip": "10.44.0.1" });
  if (who) headers.set("Cookie", await sessionCookie(who.userId));
  return runRoute<Json>(new Request(`http://${domain}${path}`, { headers }), loader as never);
}

describe("GET /api/user.php", () => {
  const user = async (who: Member | null, domain?: string) =>
    (await get("/api/user.php", who, userApi.loader, domain)).body!.user as Json | null;

  it("gives the logged-in user with every field docs/product.md names, typed", async () => {
    const anna = await createMember({ name: "Anna", notificationsDisabled: ["bounce"], photos: [{}] });
    const photoId = anna.photoIds[0]!;
    const answer = await user(anna);
    expect(Object.keys(answer!).sort()).toEqual(
      [
        "credits",
        "fictional_icon",
        "language",
        "notifications_disabled",
        "paid_user",
        "profile",
        "scope_key",
        "signup_date",
        "status",
      ].sort(),
    );
    expect(answer).toEqual({
      status: "confirmed",
      credits: 0,
      paid_user: false,
      language: "nl",
      fictional_icon: true,
      scope_key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      signup_date: expect.stringMatching(ISO),
      notifications_disabled: ["bounce"],
      profile: {
        id: anna.profileId,
        name: "Anna",
        country: "NL",
        status: "active",
        main_image: {
          id: photoId,
          filename: `/photos/${photoId}/large`,
          thumb_filename: `/photos/${photoId}/thumb`,
          status: "active",
          match: `/photos/${photoId}/large`,
        },
      },
    });
    expect(await user(null)).toBeNull();
  });

  it("names files this site serves the member: the paths answer with the photo", async () => {
    const bea = await createMember({ photos: [{ status: "inspection", visibility: "private" }] });
    const photo = await db().photo.findUniqueOrThrow({
      where: { id: bea.photoIds[0]! },
      select: { filename: true, thumbFilename: true },
    });
    await fileStorage().write(photo.filename, Buffer.from("large version"));
    await fileStorage().write(photo.thumbFilename, Buffer.from("thumbnail"));
    const image = ((await user(bea))!.profile as Json).main_image as Json;
    // Under inspection the member sees it, and is told it is not approved yet.
    expect(image.status).toBe("inspection");
    for (const [path, size] of [
      [image.filename, "large"],
      [image.thumb_filename, "thumb"],
      [image.match, "large"],
    ] as const) {
      const [, id, pathSize] = /^\/photos\/(\d+)\/(thumb|large)$/.exec(String(path))!;
      expect(pathSize).toBe(size);
      const served = await runRoute(await siteRequest(String(path), bea.userId), photoRoute.loader as never, {
        photoId: id!,
        size: pathSize!,
      });
      expect(served.status, String(path)).toBe(200);
    }
    // The storage keys stay inside.
    expect(JSON.stringify(image)).not.toContain(photo.filename);
  });

  it("has no main image without a photo", async () => {
    const cas = await createMember();
    expect(((await user(cas))!.profile as Json).main_image).toBeNull();
  });

  it("has a scope key that stays the member's over sessions and differs per member", async () => {
    const [dirk, eva] = [await createMember(), await createMember()];
    const key = (await user(dirk))!.scope_key;
    // Every call opens a new session: the key stays.
    expect((await user(dirk))!.scope_key).toBe(key);
    expect((await user(eva))!.scope_key).not.toBe(key);
    expect(String(key)).not.toContain(String(dirk.userId));
  });

  it("says whether the member's site shows the fictional-profile badge", async () => {
    await db().site.update({ where: { id: sites.de }, data: { fictionalIcon: false } });
    clearSiteCache();
    try {
      const fenna = await createMember({ siteId: sites.de, country: "DE", region: null });
      expect((await user(fenna, "herzklopfen.de"))!.fictional_icon).toBe(false);
      expect((await user(await createMember()))!.fictional_icon).toBe(true);
    } finally {
      await db().site.update({ where: { id: sites.de }, data: { fictionalIcon: true } });
      clearSiteCache();
    }
  });

  it("gives the same user with the saved language (PUT) as with GET", async () => {
    const gijs = await createMember({ photos: [{}] });
    const request = new Request(`${ORIGIN}/api/user.php`, {
      method: "PUT",
      headers: { Cookie: await sessionCookie(gijs.userId), "Content-Type": "application/json" },
      body: JSON.stringify({ language: "de" }),
    });
    const saved = (await runRoute<Json>(request, userApi.action as never)).body!.user as Json;
    expect(saved).toEqual({ ...(await user(gijs)), language: "de" });
  });
});

describe("GET /api/discountcode.php", () => {
  let counter = 0;
  async function code(
    fields: Partial<Omit<Prisma.DiscountCodeUncheckedCreateInput, "siteId" | "code">> = {},
  ) {
    const row = await db().discountCode.create({
      data: { siteId: sites.nl, percentage: 10, code: `CONTRACT${process.pid}X${++counter}`, ...fields },
      select: { code: true },
    });
    return row.code;
  }
  const ask = async (who: Member, query: string) =>
    get(`/api/discountcode.php?${query}`, who, discountApi.loader);

  /** Every field of a code's answer, in the types the calls give. */
  const FIELDS = {
    valid: expect.any(Boolean),
    code: expect.any(String),
    status: expect.any(String),
    value_percentage: expect.any(Number),
    validity: expect.any(String),
    expires: expect.toBeOneOf([null, expect.stringMatching(ISO)]),
    expired: expect.any(Boolean),
    minimum_order_value: expect.any(Number),
    currency: expect.any(String),
    country: expect.toBeOneOf([null, expect.any(String)]),
    user_id: expect.toBeOneOf([null, expect.any(Number)]),
    paymentmethods: expect.any(Array),
  };

  it("tells a code without a package: value_percentage, status, validity and its rules", async () => {
    const hans = await buyer();
    const expires = new Date(Date.now() + 48 * HOUR);
    const theCode = await code({
      percentage: 30,
      validity: "unlimited",
      minimumOrderCents: 2500,
      country: "NL",
      userId: hans.userId,
      expiresAt: expires,
      paymentMethods: ["ideal", "visa"],
    });
    const answer = await ask(hans, `code=${theCode.toLowerCase()}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: true,
      code: theCode,
      status: "active",
      value_percentage: 30,
      validity: "unlimited",
      expires: expires.toISOString(),
      expired: false,
      minimum_order_value: 25,
      currency: "EUR",
      country: "NL",
      user_id: hans.userId,
      paymentmethods: ["ideal", "creditcard"],
      percentage: 30,
    });
    expect(answer.body).toMatchObject(FIELDS);
    // The method rule without a package.
    expect((await ask(hans, `code=${theCode}&method=paypal`)).body).toMatchObject({
      valid: false,
      status: "active",
      error:
        "Deze code geldt alleen bij betalen met iDEAL, Creditcard (Visa, Mastercard, Maestro, Carte Bancaire).",
    });
    expect((await ask(hans, `code=${theCode}&method=visa`)).body).toMatchObject({ valid: true });
  });

  it("with a package still says what the code does for it", async () => {
    const ines = await buyer();
    const [pkg, theCode] = [await eurPackage(), await code({ percentage: 20 })];
    expect((await ask(ines, `code=${theCode}&package=${pkg.id}`)).body).toEqual({
      valid: true,
      code: theCode,
      status: "active",
      value_percentage: 20,
      validity: "once-per-user",
      expires: null,
      expired: false,
      minimum_order_value: 0,
      currency: "EUR",
      country: null,
      user_id: null,
      paymentmethods: [],
      percentage: 20,
      amountCents: Math.round((pkg.priceCents * 80) / 100),
    });
  });

  it("tells nothing of a code not found, another member's included", async () => {
    const [jan, kees] = [await buyer(), await buyer()];
    const hers = await code({ userId: kees.userId, percentage: 40 });
    for (const asked of ["NOSUCHCODE", hers]) {
      expect((await ask(jan, `code=${asked}`)).body).toEqual({
        valid: false,
        code: asked,
        status: "not-found",
        value_percentage: null,
        validity: null,
        expires: null,
        expired: null,
        minimum_order_value: null,
        currency: "EUR",
        country: null,
        user_id: null,
        paymentmethods: null,
        error: "Code niet gevonden",
      });
    }
  });

  it("names the status of inactive, expired, used and used-up codes, each refused with its reason", async () => {
    const [lies, other] = [await buyer(), await buyer()];
    const inactive = await code({ active: false });
    const past = new Date(Date.now() - HOUR);
    const expired = await code({ expiresAt: past });
    const once = await code({ validity: "once_per_member" });
    const limited = await code({ validity: "unlimited", maxUses: 1 });
    await buy(lies, { fields: { method: "ideal", code: once } });
    await buy(other, { fields: { method: "ideal", code: limited } });
    const cases = [
      [inactive, { status: "inactive", expired: false, error: "Code niet gevonden" }],
      [
        expired,
        { status: "expired", expired: true, expires: past.toISOString(), error: "Code niet gevonden" },
      ],
      [once, { status: "used", validity: "once-per-user", error: "Code reeds gebruikt" }],
      [
        limited,
        {
          status: "used-up",
          validity: "unlimited",
          error: "Deze code is niet meer geldig: hij is al zo vaak gebruikt als mogelijk is.",
        },
      ],
    ] as const;
    for (const [asked, expected] of cases) {
      const answer = await ask(lies, `code=${asked}`);
      expect(answer.status, asked).toBe(200);
      expect(answer.body, asked).toMatchObject({ ...FIELDS, valid: false, code: asked, ...expected });
    }
    // Codes that exist do not count as guesses: far past the limit on codes not found, still answered.
    for (let i = 0; i < 12; i++) expect((await ask(lies, `code=${expired}`)).status).toBe(200);
  });

  it("gives the time bonus as the welcome bonus (TIMEBONUS25, 25, active, once-per-user), and expired once it is over", async () => {
    const maud = await buyer({ signupDate: new Date(Date.now() - HOUR) });
    const bonus = {
      code: "TIMEBONUS25",
      status: "active",
      value_percentage: 25,
      validity: "once-per-user",
      expired: false,
      user_id: maud.userId,
    };
    expect((await ask(maud, "welcome=true")).body).toMatchObject({ ...bonus, timeBonus: true });
    // While it runs it is the discount that counts, whatever code is asked about.
    expect((await ask(maud, "code=TIMEBONUS25")).body).toMatchObject({ ...FIELDS, ...bonus, valid: true });
    expect((await ask(maud, `code=${await code({ percentage: 50 })}`)).body).toMatchObject({
      ...bonus,
      valid: true,
    });
    const late = await buyer({ signupDate: new Date(Date.now() - 5 * HOUR) });
    expect((await ask(late, "code=timebonus25")).body).toMatchObject({
      ...FIELDS,
      valid: false,
      code: "TIMEBONUS25",
      status: "expired",
      value_percentage: 25,
      validity: "once-per-user",
      expired: true,
      error: "Code niet gevonden",
    });
  });

  it("refuses bad input with a clear reason in the member's language", async () => {
    const nora = await buyer({ language: "de" });
    const cookie = "i18n_redirected=de";
    const askDe = async (query: string) =>
      runRoute<Json>(
        await siteRequest(`/api/discountcode.php?${query}`, nora.userId, { cookie }),
        discountApi.loader as never,
      );
    expect(await askDe("")).toMatchObject({
      status: 400,
      body: { valid: false, error: "Code nicht gefunden" },
    });
    expect(await askDe("code=X&package=abc")).toMatchObject({
      status: 400,
      body: { valid: false, error: "Dieses Paket gibt es nicht. Wähle ein Paket aus der Liste." },
    });
    expect(await askDe("code=X&package=99999999")).toMatchObject({ status: 404 });
    expect(await askDe(`code=X&method=${"m".repeat(60)}`)).toMatchObject({ status: 400 });
  });
});

describe("GET /api/settings.php", () => {
  /** The settings call's answer, its body read from the Response it gives. */
  const settings = async (query: string, who: Member | null = null, domain?: string) =>
    get(
      `/api/settings.php${query}`,
      who,
      async (args: never) => {
        const response = (await settingsApi.loader(args)) as Response;
        return data(await response.json(), { status: response.status });
      },
      domain,
    );

  const PUBLIC_KEYS = [
    "countries",
    "name",
    "domain",
    "domain_language",
    "index_title",
    "description",
    "cdn_prefix",
    "geoip_country",
    "geoip_selected_country",
    "enable_site_entry_popup",
    "signups",
    "logged_out_search",
    "logged_out_search_trafficsource",
    "push_public_key",
    "support_phone",
    "support_email",
    "fictional_icon",
    "fictional_warning",
    "fictional_singular",
    "fictional_plural",
    "visible_profile_fields",
    "visible_profile_notes",
    "search_fields",
    "message_credits",
    "photo_credits",
    "gift_credits",
    "signup_credits",
    "message_length",
    "minimum_message_costs",
    "refund_days",
    "member_resell",
  ];

  it("answers the request's site's public settings, exactly the public fields", async () => {
    const answer = await settings("");
    expect(answer.status).toBe(200);
    const body = answer.body!.settings as Json;
    expect(Object.keys(body).sort()).toEqual([...PUBLIC_KEYS].sort());
    expect(body).toMatchObject({
      name: "Hartklop",
      domain: "hartklop.nl",
      countries: ["NL", "BE"],
      geoip_country: "NL",
      push_public_key: (await vapidKeys()).publicKey,
      fictional_icon: expect.any(Boolean),
      message_credits: expect.any(Number),
      minimum_message_costs: { NL: { costs: 250, currency: "EUR" } },
    });
  });

  it("answers the forced domain's settings, however the client writes its host", async () => {
    const member = await createMember();
    for (const forced of ["herzklopfen.de", "www.HERZKLOPFEN.de:443", " herzklopfen.de "]) {
      const answer = await settings(`?forced_domain=${encodeURIComponent(forced)}&t=5&lb=1`, member);
      expect(answer.status, forced).toBe(200);
      const body = answer.body!.settings as Json;
      expect(Object.keys(body).sort()).toEqual([...PUBLIC_KEYS].sort());
      expect(body, forced).toMatchObject({
        name: "Herzklopfen",
        domain: "herzklopfen.de",
        domain_language: "de-DE",
        countries: ["DE", "AT", "CH"],
        // The visitor's country by that site's fallback (no geo header here).
        geoip_country: "DE",
        support_email: "support@herzklopfen.de",
      });
    }
    // And the other way round.
    const back = await settings("?forced_domain=hartklop.nl", null, "herzklopfen.de");
    expect(back.body!.settings).toMatchObject({ domain: "hartklop.nl", geoip_country: "NL" });
  });

  it("gives the default site for a domain this installation does not serve, as such a host gets", async () => {
    const answer = await settings("?forced_domain=unknown.example", null, "herzklopfen.de");
    expect(answer).toMatchObject({
      status: 200,
      body: { settings: { domain: "hartklop.nl", name: "Hartklop" } },
    });
  });

  it("refuses a malformed or repeated forced domain with a clear error", async () => {
    for (const query of [
      "?forced_domain=",
      "?forced_domain=a%20b",
      "?forced_domain=evil.example%2Fpath",
      "?forced_domain=%3Cscript%3E",
      `?forced_domain=${"a".repeat(254)}`,
      "?forced_domain=herzklopfen.de%3A123456",
      "?forced_domain=-bad-.nl",
      "?forced_domain=herzklopfen.de&forced_domain=hartklop.nl",
    ]) {
      expect(await settings(query), query).toMatchObject({
        status: 400,
        body: { error: "invalid_forced_domain" },
      });
    }
  });
});
