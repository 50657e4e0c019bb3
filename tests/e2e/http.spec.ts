import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { STATIC_PAGES } from "../../app/domain/sites/static-pages.server";
import { COUNTRY_HEADER } from "./constants";
import { expect, test } from "./fixtures";

test.describe("@http", () => {
  /** Example URLs for each dynamic route of routes.ts; a new route without examples fails the test below. */
  const EXAMPLES: Record<string, string[]> = {
    "/pages/:page": STATIC_PAGES.map((page) => `/pages/${page}`),
    "/resources/locales/:lng": ["/resources/locales/nl", "/resources/locales/pl"],
    "/photos/:photoId/:size": [], // filled from the database below
    "/dev/outbox/:mailId": ["/dev/outbox/999999"],
    "/chat-photos/:id/:size": ["/chat-photos/999999/thumb"],
    "/chats/:id": ["/chats/999999"],
    "/chats/:id/report": ["/chats/999999/report"],
    "/credits/:id/:paymentmethod?": ["/credits/1", "/credits/1/ideal"],
    "/transactions/:id": ["/transactions/999999"],
    "/dev/mollie/checkout/:id": ["/dev/mollie/checkout/tr_unknown"],
    "/landers/:design/:slug?": ["/landers/gallery", "/landers/gallery/utrecht", "/landers/adultonly"],
    "/:token": ["/no-such-campaign", "/bad.token"],
    "/staff/members/:id": ["/staff/members/1"],
    "/staff/members/:id/:action": ["/staff/members/1/ban"],
    "/unsubscribe/:token": ["/unsubscribe/not-a-token"],
    "/settings/data-export/:id": ["/settings/data-export/999999"],
  };
  /** Routes that answer a plain GET with a redirect elsewhere than the login page, or with 404 for unknown ids. */
  const EXPECTED: Record<string, { status: number; location?: string }> = {
    "/entry-warning": { status: 302, location: "/" },
    "/logout": { status: 302, location: "/" },
    "/api/logout.php": { status: 302, location: "/" },
    // The outboxes are for staff on a production server (as this one), also on the embedded database.
    "/dev/outbox": { status: 404 },
    "/dev/outbox/:mailId": { status: 404 },
    "/dev/sms": { status: 404 },
    "/activate": { status: 302, location: "/activate/error" },
    "/reactivate": { status: 302, location: "/account-deleted?error=link" },
    // Actions only (a GET has no loader to answer it), and JSON calls that need a login.
    "/members/:id/like": { status: 400 },
    "/likes/announced": { status: 400 },
    "/api/likes.php": { status: 403 },
    "/api/auto-like.php": { status: 403 },
    "/api/events": { status: 403 },
    "/api/chats.php": { status: 403 },
    "/api/chat.php": { status: 400 },
    "/chats/list": { status: 403 },
    "/chat-photos/:id/:size": { status: 404 },
    "/chats/gift": { status: 400 },
    "/chats/photo": { status: 400 },
    "/payments/webhook": { status: 405 },
    "/api/page-hidden.php": { status: 400 },
    "/dev/mollie/checkout/:id": { status: 404 },
    "/api/discountcode.php": { status: 403 },
    "/time-bonus/dismiss": { status: 400 },
    "/api/lander-bounce": { status: 405 },
    "/api/mail-events": { status: 405 },
    "/mail-alert": { status: 405 },
    "/unsubscribe/:token": { status: 400 },
    "/members/:id/chat": { status: 302 },
    "/:token": { status: 404 },
  };

  function routePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
    return entries.flatMap((entry) => {
      const here = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
      const own = entry.index || entry.path ? [here.replace(/\/+/g, "/")] : [];
      return [...own, ...routePaths(entry.children ?? [], here === "/" ? "" : here)];
    });
  }

  test("every route of routes.ts answers 200 or redirects to login", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const photo = /\/photos\/(\d+)\/thumb/.exec(home)?.[0];
    expect(photo).toBeTruthy();
    // Demo photo files are drawn in the background after start-up.
    await expect.poll(async () => (await request.get(photo!)).status(), { timeout: 60_000 }).toBe(200);
    EXAMPLES["/photos/:photoId/:size"] = [photo!, photo!.replace("thumb", "large")];
    const profile = /href="(\/members\/\d+)"/.exec(home)?.[1];
    expect(profile, "a member card on the home page").toBeTruthy();
    EXAMPLES["/members/:id"] = [profile!];
    EXAMPLES["/likes/m/:id"] = [profile!.replace("/members/", "/likes/m/")];
    EXAMPLES["/members/:id/like"] = [`${profile!}/like`];
    EXAMPLES["/members/:id/chat"] = [`${profile!}/chat`];
    EXAMPLES["/members/:id/landing"] = [`${profile!}/landing`];
    EXAMPLES["/members/:id/landing2/:slug?"] = [`${profile!}/landing2`, `${profile!}/landing2/zomer`];
    EXAMPLES["/members/:id/landing3/:slug?"] = [`${profile!}/landing3`];
    EXAMPLES["/members/:id/signup"] = [`${profile!}/signup`];
    EXAMPLES["/likes/:type"] = ["/likes/received", "/likes/given", "/likes/matches"];
    const paths = routePaths(await routes);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const urls = path.includes(":") ? EXAMPLES[path] : [path];
      expect.soft(urls, `examples for ${path}`).toBeDefined();
      for (const url of urls ?? []) {
        const response = await request.get(url, { maxRedirects: 0 });
        const status = response.status();
        const expected = EXPECTED[path];
        if (expected) {
          expect.soft(status, url).toBe(expected.status);
          if (expected.location) expect.soft(response.headers()["location"], url).toBe(expected.location);
        } else if (status >= 300 && status < 400) {
          expect.soft(response.headers()["location"], url).toMatch(/^\/login\?redirectTo=/);
        } else {
          expect.soft(status, url).toBe(200);
        }
      }
    }
  });

  test("every footer link answers 200", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const footer = home.slice(home.indexOf("<footer"), home.indexOf("</footer>"));
    const links = [...footer.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links).toHaveLength(10);
    for (const link of links) {
      const response = await request.get(link.replace(/#.*$/, ""));
      expect(response.status(), link).toBe(200);
    }
    const complaints = await (await request.get("/complaints")).text();
    expect(complaints).toContain('name="description"');
  });

  test("a return address outside Latin-1 is sent percent-encoded, not as a server error", async ({
    request,
  }) => {
    for (const [redirectTo, location] of [
      ["/\u3002x", "/%E3%80%82x"],
      ["/caf\u00e9", "/caf%C3%A9"],
      ["/.//evil.example", "/"],
    ] as const) {
      const response = await request.post("/entry-warning", { form: { redirectTo }, maxRedirects: 0 });
      expect(response.status(), redirectTo).toBe(302);
      expect(response.headers()["location"], redirectTo).toBe(location);
    }
  });

  test("/healthz answers 200 while the database is up", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("pages carry the security headers and a per-request CSP nonce", async ({ request }) => {
    const first = await request.get("/");
    const headers = first.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = headers["content-security-policy"]!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    const second = await request.get("/");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
  });

  test("a page comes whole: its loader data in one script, module preloads at low priority", async ({
    request,
  }) => {
    const html = await (await request.get("/login")).text();
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    // Rendered to a string (entry.server.tsx): the loader data is handed over in one script and
    // closed, with no boundary left to fill in later (`<!--$?-->`, a Suspense fallback).
    const handover = [...html.matchAll(/window\.__reactRouterContext\.streamController\.(\w+)\(/g)];
    expect(handover.map((m) => m[1])).toEqual(["enqueue", "close"]);
    expect(html).toContain('\\"routes/login\\"');
    expect(html).not.toContain("<!--$?-->");
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
  });

  test("the locale comes from the cookie, then the browser within the country, then nl", async ({
    playwright,
    baseURL,
  }) => {
    const lang = async (headers: Record<string, string>) => {
      const visitor = await playwright.request.newContext({ baseURL });
      const response = await visitor.get("/pages/faq", { headers });
      const result = {
        lang: /<html lang="(\w+)"/.exec(await response.text())?.[1],
        setCookie: response.headers()["set-cookie"],
      };
      await visitor.dispose();
      return result;
    };
    const browserFr = await lang({ "Accept-Language": "fr-BE,fr;q=0.9", [COUNTRY_HEADER]: "BE" });
    expect(browserFr.lang).toBe("fr");
    expect(browserFr.setCookie).toMatch(/i18n_redirected=fr;.*Max-Age=31536000/i);
    expect((await lang({ "Accept-Language": "en-GB", [COUNTRY_HEADER]: "NL" })).lang).toBe("nl");
    expect((await lang({ "Accept-Language": "en-GB", [COUNTRY_HEADER]: "GB" })).lang).toBe("en");
    const cookie = await lang({
      Cookie: "i18n_redirected=pl",
      "Accept-Language": "fr",
      [COUNTRY_HEADER]: "BE",
    });
    expect(cookie.lang).toBe("pl");
    expect(cookie.setCookie ?? "").not.toContain("i18n_redirected");
    expect((await lang({})).lang).toBe("nl");
  });

  test("a site's domain language applies without a cookie, and its settings follow the host", async ({
    request,
  }) => {
    const german = await request.get("/", {
      headers: { Host: "herzklopfen.de", "Accept-Language": "nl", [COUNTRY_HEADER]: "NL" },
    });
    const html = await german.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Herzklopfen: Singles in deiner Nähe");
    // The German site limits its entry warning to DE and AT.
    expect(html).not.toContain('data-testid="entry-warning"');
    const fromGermany = await (
      await request.get("/", { headers: { Host: "herzklopfen.de", [COUNTRY_HEADER]: "DE" } })
    ).text();
    expect(fromGermany).toContain('data-testid="entry-warning"');
    // An unknown host is the default site. (This request context kept the German page's language
    // cookie: the Dutch site's title then comes in German, as its settings hold Dutch only.)
    const unknownHost = await (await request.get("/", { headers: { Host: "unknown.example" } })).text();
    expect(unknownHost).toContain("<title>Hartklop: ");
    expect(unknownHost).not.toContain("Herzklopfen");
  });

  test("installed-app mode hides the entry warning and uses the app footer", async ({ request }) => {
    const response = await request.get("/?app=1");
    expect(response.headers()["set-cookie"]).toContain("installed_app=1");
    const html = await response.text();
    expect(html).not.toContain('data-testid="entry-warning"');
    expect(html).toContain('data-variant="app"');
  });

  test("translations for the browser are cached by version", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const version = /data-i18n="(\w+)"/.exec(html)?.[1];
    const versioned = await request.get(`/resources/locales/nl?v=${version}`);
    expect(versioned.headers()["cache-control"]).toContain("immutable");
    expect((await versioned.json()).common.nav.login).toBe("Inloggen");
    expect((await versioned.json()).pages).toBeUndefined();
    expect((await request.get("/resources/locales/xx")).status()).toBe(404);
    // A page asks for its routes' namespaces only.
    const some = await request.get(`/resources/locales/nl?v=${version}&ns=common,search`);
    expect(Object.keys(await some.json())).toEqual(["common", "search"]);
    expect(some.headers()["cache-control"]).toContain("immutable");
    expect((await request.get(`/resources/locales/nl?v=${version}&ns=common,pages`)).status()).toBe(404);
    expect((await request.get(`/resources/locales/nl?v=${version}&ns=nothing`)).status()).toBe(404);
  });

  test("only approved public photos are served", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const photo = /\/photos\/(\d+)\/thumb/.exec(html)![0];
    await expect.poll(async () => (await request.get(photo)).status(), { timeout: 60_000 }).toBe(200);
    const response = await request.get(photo);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect((await request.get("/photos/999999/thumb")).status()).toBe(404);
    expect((await request.get("/photos/abc/thumb")).status()).toBe(404);
  });
});
