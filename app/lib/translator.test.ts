import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { resources } from "~/lib/i18n-resources.server";
import { createTranslator, type TranslateOptions, type TranslationBundles } from "./translator";

/** Every key of a namespace's resources, nested keys joined with dots. */
function keysOf(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return [prefix];
  return Object.entries(tree).flatMap(([name, value]) => keysOf(value, prefix ? `${prefix}.${name}` : name));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1000, 1234567, 1.5];

function i18nextFor(locale: string, bundles: TranslationBundles) {
  const instance = createInstance({
    resources: { [locale]: bundles as never },
    lng: locale,
    fallbackLng: false,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.init();
  return instance.t.bind(instance) as unknown as (key: string, options?: TranslateOptions) => unknown;
}

// Every key of a locale through i18next and ours (thousands of calls): seconds on a busy machine.
describe("the pages' translator", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`gives i18next's text for every ${locale} key: values, counts, context, defaults, objects`, () => {
      const bundles = resources[locale] as TranslationBundles;
      const expected = i18nextFor(locale, bundles);
      const { t } = createTranslator(locale, bundles);
      const actual = t as unknown as (key: string, options?: TranslateOptions) => unknown;
      let compared = 0;
      for (const [namespace, tree] of Object.entries(bundles)) {
        for (const path of new Set(keysOf(tree).map((k) => k.replace(PLURAL_SUFFIX, "")))) {
          const key = `${namespace}:${path}`;
          const text = String(expected(key));
          const names = [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!);
          const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 42 : `«${name}»`]));
          const partial = Object.fromEntries(names.slice(1).map((name) => [name, "x"]));
          const emptied = Object.fromEntries(names.map((name) => [name, undefined]));
          for (const options of [undefined, values, partial, emptied, { ...values, context: "male" }]) {
            expect(actual(key, options), `${key} ${JSON.stringify(options)}`).toEqual(expected(key, options));
          }
          expect(actual(key), "a second time, from memory").toEqual(expected(key));
          for (const count of COUNTS) {
            expect(actual(key, { ...values, count }), `${key} count ${count}`).toEqual(
              expected(key, { ...values, count }),
            );
          }
          const inNamespace = { ns: namespace, ...values };
          expect(actual(path, inNamespace), `${path} in ${namespace}`).toEqual(expected(path, inNamespace));
          compared++;
        }
        for (const path of new Set(keysOf(tree).map((k) => k.split(".").slice(0, -1).join(".")))) {
          if (!path) continue;
          const key = `${namespace}:${path}`;
          expect(actual(key, { returnObjects: true }), key).toEqual(expected(key, { returnObjects: true }));
          expect(actual(key), key).toEqual(expected(key));
        }
      }
      expect(compared).toBeGreaterThan(500);
      for (const options of [undefined, { defaultValue: "Standaard {{name}}", name: "Eva" }, { count: 2 }]) {
        expect(actual("common:no.such.key", options)).toEqual(expected("common:no.such.key", options));
      }
    }, 30_000);
  }

  it("picks context, zero and plural forms in i18next's order", () => {
    const bundles = {
      common: {
        gift: "a gift",
        gift_male: "his gift",
        gift_male_one: "his {{count}} gift",
        gift_male_other: "his {{count}} gifts",
        gift_zero: "no gifts",
        gift_one: "{{count, number}} gift",
        gift_other: "{{count, number}} gifts",
        list: ["a", "b"],
      },
    };
    const expected = i18nextFor("en", bundles);
    const { t } = createTranslator("en", bundles);
    const actual = t as unknown as (key: string, options?: TranslateOptions) => unknown;
    const cases: TranslateOptions[] = [
      {},
      { count: 0 },
      { count: 1 },
      { count: 1500 },
      { context: "male" },
      { context: "male", count: 0 },
      { context: "male", count: 1 },
      { context: "male", count: 7 },
      { context: "female", count: 7 },
      { context: "" },
    ];
    for (const options of cases)
      expect(actual("gift", options), JSON.stringify(options)).toBe(expected("gift", options));
    expect(actual("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(actual("gift", { count: 1500 })).toBe("1,500 gifts");
  });
});
