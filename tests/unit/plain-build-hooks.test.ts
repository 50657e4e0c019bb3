// @vitest-environment node
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = mkdtempSync(path.join(os.tmpdir(), "plain-build-hooks-"));
const LATER = 'async function later() {\n  return import("node:path");\n}';
// As in the project: .js files are ES modules.
writeFileSync(path.join(root, "package.json"), '{ "type": "module" }');
for (const folder of ["build/server", "elsewhere"]) {
  mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(path.join(root, folder, "index.js"), `export ${LATER}\n`);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The text node has of `later` in `folder`/index.js, loaded under tsx with the hooks registered. */
function loadedText(folder: string): string {
  const hooks = pathToFileURL(path.resolve("server/plain-build-hooks.mjs")).href;
  const buildUrl = pathToFileURL(path.join(root, "build")).href + "/";
  const script = `
    import { register } from "node:module";
    register(${JSON.stringify(hooks)}, { data: { buildUrl: ${JSON.stringify(buildUrl)} } });
    const { later } = await import(${JSON.stringify(pathToFileURL(path.join(root, folder, "index.js")).href)});
    process.stdout.write(later.toString());`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(child.stderr).toBe("");
  return child.stdout;
}

describe("the build's modules in production", () => {
  it("load as they are, past tsx's rewriting of dynamic imports", () => {
    expect(loadedText("build/server")).toBe(LATER);
  });

  it("while other modules still go through tsx", () => {
    const text = loadedText("elsewhere");
    expect(text).toContain('import("node:path")');
    expect(text).not.toBe(LATER);
  });
});
