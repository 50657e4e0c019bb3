import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "~/lib/i18n";

const root = path.resolve(import.meta.dirname, "../../locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

function load(locale: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of readdirSync(path.join(root, locale)).filter((f) => f.endsWith(".json"))) {
    const namespace = file.replace(/\.json$/, "");
    const content = JSON.parse(readFileSync(path.join(root, locale, file), "utf8")) as unknown;
    for (const [key, value] of flatten(content)) keys.set(`${namespace}:${key}`, value);
  }
  return keys;
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]))].sort();

const nl = load("nl");

describe("translations", () => {
  it("nl has texts", () => {
    expect(nl.size).toBeGreaterThan(50);
  });

  describe.each(SUPPORTED_LOCALES.filter((l) => l !== "nl"))("%s", (locale) => {
    const other = load(locale);
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

    it("has every key that nl has, with the same placeholders", () => {
      const missing: string[] = [];
      const wrongPlaceholders: string[] = [];
      for (const [key, text] of nl) {
        if (PLURAL_SUFFIX.test(key)) continue;
        const translated = other.get(key);
        if (translated === undefined) missing.push(key);
        else if (placeholders(translated).join() !== placeholders(text).join()) wrongPlaceholders.push(key);
      }
      expect(missing).toEqual([]);
      expect(wrongPlaceholders).toEqual([]);
    });

    it("has every plural form its language needs for nl's plural keys", () => {
      const pluralBases = new Set(
        [...nl.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, "")),
      );
      const missing = [...pluralBases].flatMap((base) =>
        categories.filter((c) => !other.has(`${base}_${c}`)).map((c) => `${base}_${c}`),
      );
      expect(missing).toEqual([]);
    });

    it("has no keys that nl does not have", () => {
      const stale = [...other.keys()].filter(
        (k) =>
          !nl.has(k) &&
          !(
            PLURAL_SUFFIX.test(k) &&
            [...nl.keys()].some((n) => n.replace(PLURAL_SUFFIX, "") === k.replace(PLURAL_SUFFIX, ""))
          ),
      );
      expect(stale).toEqual([]);
    });
  });
});

describe("ages in the weekly mail", () => {
  it("follow each language's plural forms", async () => {
    const { translatorFor } = await import("~/lib/translator.server");
    const line = (locale: string, count: number) =>
      translatorFor(locale)("weeklyUpdate.member", { ns: "mail", count, place: "X" });
    expect([22, 25, 31].map((age) => line("pl", age))).toEqual(["22 lata, X", "25 lat, X", "31 lat, X"]);
    expect([line("nl", 40), line("en", 40), line("de", 40)]).toEqual([
      "40 jaar, X",
      "40 years, X",
      "40 Jahre, X",
    ]);
  });
});
