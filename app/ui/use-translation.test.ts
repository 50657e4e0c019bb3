import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { resources } from "~/lib/i18n-resources.server";
import { i18nFor } from "~/middleware/i18n.server";
import { remembered } from "./use-translation";

/** Every key of a namespace's resources, nested keys joined with dots (plural forms as their base). */
function keysOf(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([name, value]) => keysOf(value, prefix ? `${prefix}.${name}` : name));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe("the server's remembered t", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`gives i18next's text for every ${locale} key, with and without values`, async () => {
      // The server's own instance for the language.
      const i18n = i18nFor(locale);
      const t = i18n.t.bind(i18n) as TFunction;
      const fast = remembered(t) as unknown as (key: string, values?: object) => string;
      const slow = t as unknown as (key: string, values?: object) => string;
      let compared = 0;
      for (const [namespace, tree] of Object.entries(resources[locale]!)) {
        for (const path of new Set(keysOf(tree).map((k) => k.replace(PLURAL_SUFFIX, "")))) {
          const key = `${namespace}:${path}`;
          const text = slow(key);
          const names = [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!);
          // Strings, numbers, and a value left out (i18next's own output then).
          const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 42 : `«${name}»`]));
          const partial = Object.fromEntries(names.slice(1).map((name) => [name, "x"]));
          expect(fast(key)).toBe(text);
          expect(fast(key), "a second time, from memory").toBe(text);
          expect(fast(key, values), key).toBe(slow(key, values));
          expect(fast(key, partial), key).toBe(slow(key, partial));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(500);
    });
  }

  it("leaves plurals, defaults and objects to i18next", async () => {
    const i18n = createInstance({
      resources: {
        nl: { common: { n_one: "{{count}} bericht", n_other: "{{count}} berichten", o: { a: "b" } } },
      },
      lng: "nl",
      defaultNS: "common",
      initAsync: false,
    });
    await i18n.init();
    const fast = remembered(i18n.t.bind(i18n) as TFunction) as unknown as (
      key: string,
      values?: object,
    ) => unknown;
    expect(fast("n", { count: 1 })).toBe("1 bericht");
    expect(fast("n", { count: 3 })).toBe("3 berichten");
    expect(fast("missing", { defaultValue: "standaard" })).toBe("standaard");
    expect(fast("o", { returnObjects: true })).toEqual({ a: "b" });
  });
});
