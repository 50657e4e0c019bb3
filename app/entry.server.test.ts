// `entry.server.tsx` renders a page to a string by handing React Router's loader-data script the
// data it would otherwise wait for (decision 0029). That relies on internals of React Router, not
// its API: this test fails when an upgrade changes them, before a page is rendered without its data.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("react-router/package.json"));

/** The text of React Router's bundled runtime, for the build the app runs and the one tests run. */
function runtime(build: "production" | "development"): string {
  const dir = path.join(packageDir, "dist", build);
  return readdirSync(dir)
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => readFileSync(path.join(dir, name), "utf8"))
    .join("\n");
}

describe.each(["production", "development"] as const)("React Router's %s runtime", (build) => {
  const text = runtime(build);

  it("hands the loader data to the document through `serverHandoffStream`", () => {
    expect(text).toMatch(/serverHandoffStream/);
  });

  it("lets the loader-data script read a chunk from `renderMeta.streamCache[identifier].result`", () => {
    const transfer = /function StreamTransfer\(\{[\s\S]*?\n\}\n/.exec(text)?.[0];
    expect(transfer, "StreamTransfer is gone").toBeDefined();
    expect(transfer).toMatch(/let \{ streamCache \} = context\.renderMeta;/);
    expect(transfer).toMatch(/let promise = streamCache\[identifier\];/);
    expect(transfer).toMatch(/streamCache\[identifier\]\.result = \{\s*done: result\.done,\s*value:/);
    expect(transfer).toMatch(/let \{ done, value \} = promise\.result;/);
  });
});
