import { readdirSync } from "node:fs";
import path from "node:path";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { campaignLinkSchema } from "./campaign-schema";
import { cleanSlug } from "./designs";

/** The part of app/routes.ts's entries this test reads. */
interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

function firstSegments(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [entry.path.split("/")[0]!] : []),
    ...(entry.path ? [] : firstSegments(entry.children ?? [])),
  ]);
}

const t = ((key: string) => key) as unknown as TFunction;

/** Whether the campaign-link form refuses the token as a name the site itself uses. */
const isReservedToken = (token: string) =>
  (campaignLinkSchema(t).safeParse({ intent: "save", token, lander: "video" }).error?.issues ?? []).some(
    (issue) => issue.message === "funnel:campaigns.validation.tokenReserved",
  );

describe("reserved campaign tokens", () => {
  it("include every first path segment of the site's routes and public files", () => {
    const segments = firstSegments(routes).filter((segment) => segment && !segment.startsWith(":"));
    const publicFiles = readdirSync(path.resolve(import.meta.dirname, "../../../public"));
    const missing = [...segments, ...publicFiles, "assets"].filter((name) => !isReservedToken(name));
    expect(missing, "add them to RESERVED_TOKENS in app/domain/landers/campaign-schema.ts").toEqual([]);
    expect(isReservedToken("zomer-2026")).toBe(false);
  });

  it("are refused by the form in any case", () => {
    const result = campaignLinkSchema(t).safeParse({ intent: "save", token: "Login", lander: "video" });
    expect(result.success).toBe(false);
    expect(
      campaignLinkSchema(t).safeParse({ intent: "save", token: "Login2", lander: "video" }).success,
    ).toBe(true);
  });
});

describe("campaign link slugs", () => {
  const saved = (slug: string) => {
    const result = campaignLinkSchema(t).safeParse({
      intent: "save",
      token: "spring",
      lander: "gallery",
      slug,
    });
    return result.success ? (result.data.slug ?? null) : null;
  };

  it("are saved only when the lander reads them, as the lander reads them", () => {
    const slugs = [
      "utrecht",
      "Noord-Holland",
      "  gelderland ",
      "women",
      "a",
      "1-2",
      "a".repeat(60),
      "a".repeat(61),
      "a".repeat(64),
      "-utrecht",
      "noord_holland",
      "thüringen",
      "utrecht/x",
    ];
    for (const slug of slugs) {
      expect(saved(slug), slug).toBe(cleanSlug(slug.trim()));
    }
    expect(saved("Noord-Holland")).toBe("noord-holland");
    expect(saved("noord_holland")).toBeNull();
    expect(saved("-utrecht")).toBeNull();
    expect(saved("a".repeat(61))).toBeNull();
  });

  it("a bad slug gets the slug message with the length", () => {
    const result = campaignLinkSchema(((key: string, options?: { max?: number }) =>
      options?.max ? `${key}:${options.max}` : key) as unknown as TFunction).safeParse({
      intent: "save",
      token: "spring",
      lander: "gallery",
      slug: "_x",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["slug", "funnel:campaigns.validation.slugInvalid:60"],
    ]);
  });
});
