import { describe, expect, it } from "vitest";
import { resolveLocale, visibleLocales } from "./i18n";

describe("resolveLocale (the language order)", () => {
  it("takes the cookie first, whatever the browser or domain says", () => {
    expect(
      resolveLocale({ cookieLocale: "fr", acceptLanguage: "de", domainLanguage: "de-DE", country: "DE" }),
    ).toEqual({
      locale: "fr",
      source: "cookie",
    });
  });

  it("ignores a cookie with an unsupported value", () => {
    expect(resolveLocale({ cookieLocale: "xx", acceptLanguage: "de-DE", country: "DE" }).locale).toBe("de");
  });

  it("without a cookie, sets the domain language when its first two letters are supported", () => {
    expect(resolveLocale({ domainLanguage: "de-DE", acceptLanguage: "en-US", country: "NL" })).toEqual({
      locale: "de",
      source: "domain",
    });
    expect(resolveLocale({ domainLanguage: "pt-PT", acceptLanguage: "en", country: "GB" })).toEqual({
      locale: "en",
      source: "browser",
    });
  });

  it("then uses the browser language in order of preference, among the country's locales", () => {
    expect(resolveLocale({ acceptLanguage: "fr-BE,fr;q=0.9,nl;q=0.8", country: "BE" })).toEqual({
      locale: "fr",
      source: "browser",
    });
    expect(resolveLocale({ acceptLanguage: "de;q=0.5,it;q=0.9", country: "CH" }).locale).toBe("it");
    // English is not offered in the Netherlands: the default applies.
    expect(resolveLocale({ acceptLanguage: "en-GB", country: "NL" })).toEqual({
      locale: "nl",
      source: "default",
    });
  });

  it("offers every locale to a country outside the table", () => {
    expect(resolveLocale({ acceptLanguage: "pl-PL", country: "SE" }).locale).toBe("pl");
  });

  it("falls back to nl", () => {
    expect(resolveLocale({})).toEqual({ locale: "nl", source: "default" });
    expect(resolveLocale({ acceptLanguage: "ja,zh;q=0.8", country: "JP" }).locale).toBe("nl");
  });
});

describe("visibleLocales (the languages offered per country)", () => {
  it.each([
    ["US", ["en", "es"]],
    ["NL", ["nl"]],
    ["BE", ["nl", "fr", "de"]],
    ["FR", ["fr"]],
    ["IT", ["it"]],
    ["ES", ["es"]],
    ["DE", ["de"]],
    ["AT", ["de"]],
    ["IE", ["en"]],
    ["GB", ["en"]],
    ["AU", ["en"]],
    ["NZ", ["en"]],
    ["CA", ["en", "fr"]],
    ["PL", ["pl"]],
    ["CH", ["de", "it", "fr", "en"]],
  ])("%s offers %j", (country, locales) => {
    expect(visibleLocales(country)).toEqual(locales);
  });

  it("always includes the current locale", () => {
    expect(visibleLocales("NL", "en")).toEqual(["en", "nl"]);
  });

  it("offers all seven locales for an unknown country", () => {
    expect(visibleLocales("SE")).toHaveLength(7);
  });
});

describe("the browser's Accept-Language header", () => {
  // Sweden is not in the table: every locale is offered, so only the header decides.
  const fromBrowser = (acceptLanguage: string | null) => resolveLocale({ acceptLanguage, country: "SE" });

  it("orders by quality, then by position, and drops q=0 and *", () => {
    expect(fromBrowser("nl;q=0.5, de-AT, en;q=0.8, *;q=0.1, fr;q=0").locale).toBe("de");
    expect(fromBrowser("nl;q=0.5, en;q=0.8, *;q=0.1, fr;q=0").locale).toBe("en");
    expect(fromBrowser("nl;q=0.5, *;q=0.1, fr;q=0")).toEqual({ locale: "nl", source: "browser" });
    expect(fromBrowser("it, de").locale).toBe("it");
    expect(fromBrowser("fr;q=0, *, pl;q=0.1").locale).toBe("pl");
    expect(fromBrowser("fr;q=0")).toEqual({ locale: "nl", source: "default" });
    expect(fromBrowser(null)).toEqual({ locale: "nl", source: "default" });
  });
});
