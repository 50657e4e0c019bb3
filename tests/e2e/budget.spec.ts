import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { conversationStartedBy, createMember } from "./db";
import { acceptEntryWarning, expect, jsEnabled, login, test } from "./fixtures";

// What a phone downloads on its first visit to each main page, gzipped. The first load is
// what the server's HTML asks for (stylesheets, module scripts and their modulepreloads); modules a
// page imports once it is interactive (parts hydrated later, form validation, modals) are listed
// beside it. The goal is 100 KB of JavaScript, but React 19, React DOM and React Router alone are
// about 112 KB gzipped, 118 KB with the route manifest (docs/decisions/0010-page-weight.md): a page
// may load 130 KB, of which at most 15 KB its own code (root, layout and page beyond that shared
// runtime; docs/decisions/0073-first-load-budget.md; parts hydrated later:
// docs/decisions/0074-first-load-130-kb.md).
const CSS_BUDGET = 25 * 1024;
const JS_GOAL = 100 * 1024;
const JS_BUDGET = 130 * 1024;
/** JavaScript beyond the runtime every page shares (the entry module and its imports). */
const PAGE_JS_BUDGET = 15 * 1024;
/**
 * Pages not within those budgets yet (decisions 0073, 0074): held at today's weight (plus 0.5 KB),
 * so that they do not grow while they wait.
 */
const NOT_YET: Record<string, { js: number; own?: number }> = {
  "/": { js: 132.5 * 1024 },
  "/landers/gallery": { js: 131.7 * 1024 },
  "/landers/tinderswipe": { js: 131.7 * 1024 },
  "/members": { js: 133.9 * 1024, own: 16.1 * 1024 },
  "/members/{id}": { js: 134.9 * 1024, own: 17.1 * 1024 },
  "/likes": { js: 132.3 * 1024 },
  "/chats": { js: 134.1 * 1024, own: 16.3 * 1024 },
  "/chats/{id}": { js: 141.9 * 1024, own: 24.1 * 1024 },
};
/** A page loads the translation namespaces of its routes only (all of them are 18.3 KiB in nl). */
const TRANSLATIONS_BUDGET = 12 * 1024;
const KB = (bytes: number) => (bytes / 1024).toFixed(1);

interface Weight {
  page: string;
  js: number;
  jsFiles: number;
  runtime: number;
  later: number;
  css: number;
  cssFiles: number;
  translations: number;
}

/** Opens `path` in a new context (empty cache) and sums the gzipped JS and CSS of its first load. */
async function firstLoad(
  browser: Browser,
  baseURL: string,
  label: string,
  path: string,
  state: BrowserContextOptions,
): Promise<Weight> {
  const context = await browser.newContext({ ...state, baseURL });
  const page = await context.newPage();
  const bodies: Promise<{ type: string; path: string; size: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const translations = new URL(response.url()).pathname.startsWith("/resources/locales/");
    if (type !== "script" && type !== "stylesheet" && !translations) return;
    // The server may compress or not: gzip every body alike, so the numbers compare.
    bodies.push(
      response.body().then((body) => ({
        type: translations ? "translations" : type,
        path: new URL(response.url()).pathname,
        size: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // The first load: the entry, the route manifest (one cached module, routeDiscovery "initial") and
  // the modules and styles of the routes the page was rendered with.
  const { firstLoad: requested, entry } = await page.evaluate(() => {
    type Assets = { module: string; imports?: string[]; css?: string[] };
    const w = window as unknown as {
      __reactRouterManifest: { entry: Assets; routes: Record<string, Assets>; url: string };
      __reactRouterRouteModules: Record<string, unknown>;
    };
    const assets = (a: Assets) => [a.module, ...(a.imports ?? []), ...(a.css ?? [])];
    return {
      firstLoad: Object.keys(w.__reactRouterRouteModules).flatMap((id) =>
        assets(w.__reactRouterManifest.routes[id]!),
      ),
      entry: [...assets(w.__reactRouterManifest.entry), w.__reactRouterManifest.url],
    };
  });
  // What a page imports right after hydrating (validation, modals) arrives within a moment.
  await page.waitForTimeout(1000);
  await context.close();
  const files = await Promise.all(bodies);
  // Stylesheets all come from the HTML (links of the rendered routes; CSS imported with ?url is not in
  // the manifest).
  const first = files.filter(
    (f) =>
      f.type === "stylesheet" ||
      f.type === "translations" ||
      requested.includes(f.path) ||
      entry.includes(f.path),
  );
  const js = first.filter((f) => f.type === "script");
  const css = first.filter((f) => f.type === "stylesheet");
  const sum = (list: typeof files) => list.reduce((total, f) => total + f.size, 0);
  return {
    page: label,
    js: sum(js),
    jsFiles: js.length,
    runtime: sum(js.filter((f) => entry.includes(f.path))),
    later: sum(files.filter((f) => !first.includes(f))),
    css: sum(css),
    cssFiles: css.length,
    translations: sum(first.filter((f) => f.type === "translations")),
  };
}

test("every main page stays within its first-load JavaScript and CSS budget", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "measures the JavaScript a page loads");
  // About 20 pages, each in a fresh context: a minute on a quiet machine, more than two under load.
  test.setTimeout(240_000);
  // Its own browser context: the pages it measures are the accessibility tests' business, not this test's.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await acceptEntryWarning(context, baseURL!);
  const member = await createMember();
  const partner = await createMember();
  const conversation = await conversationStartedBy(partner, member);
  await login(page, member.email, member.password);
  const profile = await page.locator('main a[href^="/members/"]').first().getAttribute("href");
  expect(profile).toMatch(/^\/members\/\d+$/);
  const memberState = await context.storageState();
  await context.close();
  const visitorState: BrowserContextOptions = {
    storageState: {
      cookies: memberState.cookies.filter((c) => c.name === "entry_warning_dismissed"),
      origins: [],
    },
  };
  const pages: [string, string, BrowserContextOptions][] = [
    ["/", "/", visitorState],
    ["/login", "/login", visitorState],
    ["/signup", "/signup", visitorState],
    ["/landers/gallery", "/landers/gallery", visitorState],
    ["/landers/tinderswipe", "/landers/tinderswipe", visitorState],
    ["/members", "/members", { storageState: memberState }],
    ["/members/{id}", profile!, { storageState: memberState }],
    ["/likes", "/likes", { storageState: memberState }],
    ["/chats", "/chats", { storageState: memberState }],
    ["/chats/{id}", `/chats/${conversation.id}`, { storageState: memberState }],
    ["/credits", "/credits", { storageState: memberState }],
  ];
  const weights: Weight[] = [];
  for (const [label, path, state] of pages)
    weights.push(await firstLoad(browser, baseURL!, label, path, state));

  const table = [
    `| page | first-load JS gz KB (files) | of it shared runtime | over the ${KB(JS_GOAL)} KB goal | loaded once interactive | CSS gz KB (files) | translations gz KB |`,
    "|---|---|---|---|---|---|---|",
    ...weights.map(
      (w) =>
        `| ${w.page} | ${KB(w.js)} (${w.jsFiles}) | ${KB(w.runtime)} | ${KB(Math.max(0, w.js - JS_GOAL))} | ` +
        `${KB(w.later)} | ${KB(w.css)} (${w.cssFiles}) | ${KB(w.translations)} |`,
    ),
  ].join("\n");
  console.log(`\nFirst-load page weight (gzip -9):\n${table}\n`);
  await testInfo.attach("page-weight.md", { body: table, contentType: "text/markdown" });

  const over = weights.flatMap((w) => {
    const jsBudget = NOT_YET[w.page]?.js ?? JS_BUDGET;
    const ownBudget = NOT_YET[w.page]?.own ?? PAGE_JS_BUDGET;
    return [
      ...(w.js > jsBudget ? [`${w.page}: JavaScript ${KB(w.js)} KB > ${KB(jsBudget)} KB`] : []),
      ...(w.js - w.runtime > ownBudget
        ? [`${w.page}: own JavaScript ${KB(w.js - w.runtime)} KB > ${KB(ownBudget)} KB`]
        : []),
      ...(w.css > CSS_BUDGET ? [`${w.page}: CSS ${KB(w.css)} KB > ${KB(CSS_BUDGET)} KB`] : []),
      ...(w.translations > TRANSLATIONS_BUDGET
        ? [`${w.page}: translations ${KB(w.translations)} KB > ${KB(TRANSLATIONS_BUDGET)} KB`]
        : []),
    ];
  });
  expect(over).toEqual([]);
});

test("a page fetches its routes' translations from the preload, a link only the namespaces it adds, and no new document", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "measures what the page's scripts fetch");
  const context = await browser.newContext({ baseURL });
  await acceptEntryWarning(context, baseURL!);
  const page = await context.newPage();
  const requested: { type: string; path: string; url: URL }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    requested.push({ type: request.resourceType(), path: url.pathname, url });
  });
  const translations = () => requested.filter((r) => r.path.startsWith("/resources/locales/"));
  await page.goto("/login");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const preload = await page.locator('link[rel="preload"][as="fetch"]').getAttribute("href");
  expect(translations().map((r) => r.url.pathname + r.url.search)).toEqual([preload]);
  const loginNamespaces = translations()[0]!.url.searchParams.get("ns")!.split(",");
  expect(loginNamespaces).toEqual(expect.arrayContaining(["common", "accounts"]));
  expect(loginNamespaces).not.toContain("resell");
  // A visitor's page leaves out what only members' parts of the layout use (alerts, offers).
  for (const memberOnly of ["mailings", "photos", "push"]) expect(loginNamespaces).not.toContain(memberOnly);
  // The top bar's logo is an AppLink: a client-side navigation, not a new document. The home page
  // adds the namespaces of its member cards, the resell offer and the signup form, and fetches those
  // only.
  await page.getByRole("banner").getByRole("link").first().click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => translations().length).toBe(2);
  expect(translations()[1]!.url.searchParams.get("ns")).toBe("likes,resell,signup");
  // Back to a page whose namespaces are loaded: nothing more to fetch.
  await page.goBack();
  await expect(page).toHaveURL(`${baseURL}/login`);
  await expect(page.getByRole("button", { name: "Inloggen" })).toBeVisible();
  await context.close();
  expect(translations()).toHaveLength(2);
  expect(requested.filter((r) => r.type === "document")).toHaveLength(1);
  expect(requested.filter((r) => r.path === "/__manifest")).toEqual([]);
});

test("the browser gets React Router's production build, without its development warnings", async ({
  page,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "reads the scripts the page loads");
  await page.goto("/login");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const runtime = await page.evaluate(() => {
    const { entry } = (
      window as unknown as { __reactRouterManifest: { entry: { module: string; imports?: string[] } } }
    ).__reactRouterManifest;
    return [entry.module, ...(entry.imports ?? [])];
  });
  const withDevWarnings: string[] = [];
  for (const path of runtime) {
    // A warning only React Router's development build has (vite.config.ts picks the production build).
    if ((await (await page.request.get(path)).text()).includes("No routes matched location"))
      withDevWarnings.push(path);
  }
  expect(runtime.length).toBeGreaterThan(1);
  expect(withDevWarnings).toEqual([]);
});

test("logging in loads the namespaces of the members' parts of the layout", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "measures what the page's scripts fetch");
  await acceptEntryWarning(context, baseURL!);
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/resources/locales/")) fetched.push(url.searchParams.get("ns")!);
  });
  const member = await createMember();
  await login(page, member.email, member.password);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(fetched[0]!.split(",")).not.toContain("push");
  // After the login (a client-side navigation), the member's page fetched what its layout adds.
  expect(fetched.slice(1).join(",").split(",")).toEqual(
    expect.arrayContaining(["photos", "push", "settings"]),
  );
});
