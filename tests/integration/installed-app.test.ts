// Installed-app mode as the server sees it: the cookie the page sets in the app's window (or
// ?app=1) makes the root loader answer app mode, and the page then has the app footer and no entry
// warning; without it a visitor gets the site's footer and the warning.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { pageTranslatorFor } from "~/middleware/i18n.server";
import { TranslatorProvider } from "~/ui/use-translation";
import { stopJobs } from "~/lib/jobs.server";
import type { RootData } from "~/lib/root-data";
import { loader as rootLoader } from "~/root";
import { DefaultLayout } from "~/ui/layouts/default-layout";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

beforeAll(async () => {
  await seedBaseData(db());
});

afterAll(async () => {
  await stopJobs();
});

async function rootData(path: string, cookie?: string, userId: number | null = null) {
  const request = await siteRequest(path, userId);
  const cookies = [request.headers.get("Cookie"), cookie].filter(Boolean).join("; ");
  if (cookies) request.headers.set("Cookie", cookies);
  const outcome = await runRoute<RootData>(request, rootLoader);
  expect(outcome.status).toBe(200);
  return outcome.body!;
}

/** The default layout around a member page (route id members-id), server-rendered with `data`. */
function renderPage(data: RootData) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(DefaultLayout, null, createElement(Outlet)),
      children: [
        { id: "members-id", path: "members/:id", Component: () => createElement("p", null, "profiel") },
      ],
    },
  ]);
  return renderToString(
    createElement(
      TranslatorProvider,
      { value: pageTranslatorFor("nl") },
      createElement(Stub, { initialEntries: ["/members/5"], hydrationData: { loaderData: { root: data } } }),
    ),
  );
}

describe("installed-app mode from the cookie", () => {
  it("a visitor with the cookie gets the app footer, no entry warning and the Back button", async () => {
    const data = await rootData("/members/5", "installed_app=1");
    expect(data.installedApp).toBe(true);
    const html = renderPage(data);
    expect(html).toContain('data-variant="app"');
    expect(html).not.toContain('data-testid="entry-warning"');
    expect(html).toMatch(/<a [^>]*data-testid="app-back" href="\/members"[^>]*>.*?Terug<\/a>/);
  });

  it("a visitor without it gets the site's footer, the entry warning and no Back button", async () => {
    const data = await rootData("/members/5");
    expect(data.installedApp).toBe(false);
    const html = renderPage(data);
    expect(html).toContain('data-variant="public"');
    expect(html).toContain('data-testid="entry-warning"');
    expect(html).not.toContain('data-testid="app-back"');
  });

  it("a member with the cookie, and an address with ?app=1, are in app mode too", async () => {
    const member = await createMember();
    const data = await rootData("/members/5", "installed_app=1", member.userId);
    expect(data.user).not.toBeNull();
    expect(data.installedApp).toBe(true);
    expect(renderPage(data)).toContain('data-variant="app"');
    expect((await rootData("/?app=1")).installedApp).toBe(true);
    // A cleared cookie (a browser tab) ends it.
    expect((await rootData("/members/5", "installed_app=")).installedApp).toBe(false);
  });
});
