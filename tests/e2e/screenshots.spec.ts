// `npm run screenshots` (scripts/screenshots.ts) against the test server: every page of its list is
// there for its viewer with the demo data, and a page that fails is refused, not saved.
import { mkdtemp, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SHOTS, takeShots, type Shot } from "../../scripts/screenshot-pages";
import { expect, jsEnabled, test } from "./fixtures";

test("the screenshot script takes every page of its list and refuses pages that fail", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "The screenshots are taken with JavaScript on");
  // Ten pages and three logins, one after the other.
  test.setTimeout(240_000);
  const dir = await mkdtemp(path.join(os.tmpdir(), "hartklop-e2e-screenshots-"));

  expect(await takeShots(browser, baseURL!, dir, { widths: [390] })).toEqual([]);
  expect((await readdir(dir)).sort()).toEqual(SHOTS.map((shot) => `390-${shot.name}.png`).sort());

  const failing: Shot[] = [
    { name: "gone", viewer: "free", path: "/members/999999999" },
    { name: "members-only", viewer: "visitor", path: "/chats" },
  ];
  const problems = await takeShots(browser, baseURL!, dir, { shots: failing, widths: [390] });
  expect(problems).toEqual([
    "390 px, gone: /members/999999999 answered 404",
    "390 px, members-only: /chats ended up at /login",
  ]);
  expect((await readdir(dir)).filter((file) => /gone|members-only/.test(file))).toEqual([]);
});
