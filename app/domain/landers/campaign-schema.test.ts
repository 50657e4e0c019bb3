import { readdirSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { campaignLinkSchema, isReservedToken } from "./campaign-schema";

function firstSegments(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [entry.path.split("/")[0]!] : []),
    ...(entry.path ? [] : firstSegments(entry.children ?? [])),
  ]);
}

const t = ((key: string) => key) as unknown as TFunction;

describe("reserved campaign tokens", () => {
  it("include every first path segment of the site's routes and public files", () => {
    const segments = firstSegments(routes).filter((segment) => segment && !segment.startsWith(":"));
    const publicFiles = readdirSync(path.resolve(import.meta.dirname, "../../../public"));
    const missing = [...segments, ...publicFiles, "assets"].filter((name) => !isReservedToken(name));
    expect(missing, "add them to RESERVED_TOKENS in app/domain/landers/campaign-schema.ts").toEqual([]);
  });

  it("are refused by the form in any case", () => {
    const result = campaignLinkSchema(t).safeParse({ intent: "save", token: "Login", lander: "video" });
    expect(result.success).toBe(false);
    expect(
      campaignLinkSchema(t).safeParse({ intent: "save", token: "Login2", lander: "video" }).success,
    ).toBe(true);
  });
});
