import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIsStale } from "../../scripts/build-if-stale.mjs";

let root: string;

function write(file: string, secondsAgo: number) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, "x");
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(target, time, time);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "build-if-stale-"));
  write("app/routes/home.tsx", 100);
  write("locales/nl/common.json", 100);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("buildIsStale", () => {
  it("builds when there is no build", () => {
    expect(buildIsStale(root, "build")).toBe(true);
  });

  it("starts without building when the build is newer than every input", () => {
    write("build/server/index.js", 10);
    expect(buildIsStale(root, "build")).toBe(false);
  });

  it.each([
    "app/ui/deep/new.tsx",
    "locales/de/chat.json",
    "public/favicon.svg",
    "vite.config.ts",
    "package-lock.json",
  ])("builds again when %s changed after the build", (file) => {
    write("build/server/index.js", 10);
    write(file, 1);
    expect(buildIsStale(root, "build")).toBe(true);
  });

  it("looks at the build folder it is given", () => {
    write("build-other/server/index.js", 10);
    expect(buildIsStale(root, "build")).toBe(true);
    expect(buildIsStale(root, "build-other")).toBe(false);
  });
});
