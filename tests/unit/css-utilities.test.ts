// @vitest-environment node
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as sass from "sass";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const options: sass.Options<"sync"> = {
  loadPaths: [path.join(root, "node_modules"), path.join(root, "app/styles")],
  style: "compressed",
  quietDeps: true,
  silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
};

const classesOf = (css: string) => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));

/** Every class Bootstrap's utility API would generate with our theme (no list applied). */
function allUtilityClasses(): Set<string> {
  const source = [
    "theme",
    "bootstrap/scss/functions",
    "bootstrap/scss/variables",
    "bootstrap/scss/maps",
    "bootstrap/scss/mixins",
    "bootstrap/scss/utilities",
    "bootstrap/scss/utilities/api",
  ]
    .map((file) => `@import "${file}";`)
    .join("\n");
  return classesOf(sass.compileString(source, options).css);
}

/** Every word of the app's source (class names among them), tests left out. */
function sourceWords(): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(tsx?|html)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const word of readFileSync(file, "utf8").match(/[\w-]+/g) ?? []) words.add(word);
      }
    }
  };
  walk(path.join(root, "app"));
  walk(path.join(root, "public"));
  return words;
}

describe("app.scss", () => {
  const css = sass.compile(path.join(root, "app/styles/app.scss"), options).css;

  it("generates every Bootstrap utility class the app uses", () => {
    const generated = classesOf(css);
    const utilities = allUtilityClasses();
    const missing = [...sourceWords()].filter((word) => utilities.has(word) && !generated.has(word));
    // A class listed here is used in app/ or public/: add it to app/styles/_used-utilities.scss.
    expect(missing.sort()).toEqual([]);
  }, 60_000);

  it("lists no utility class the app does not use", () => {
    const listed = readFileSync(path.join(root, "app/styles/_used-utilities.scss"), "utf8");
    const names = [...listed.matchAll(/"([\w-]+)"/g)].map((m) => m[1]!);
    const words = sourceWords();
    // A class listed here is no longer used in app/ or public/: remove it from _used-utilities.scss.
    expect(names.filter((name) => !words.has(name)).sort()).toEqual([]);
  });

  it("stays under the 25 KB gzipped budget together with the lander styles", () => {
    const landers = readFileSync(path.join(root, "app/styles/landers.css"));
    const size = gzipSync(css, { level: 9 }).length + gzipSync(landers, { level: 9 }).length;
    expect(size).toBeLessThanOrEqual(25 * 1024);
  });
});
