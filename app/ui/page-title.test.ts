import { describe, expect, it } from "vitest";
import { pageTitle, titleMeta } from "./page-title";

describe("page titles", () => {
  it("name the page, then the site, before any other tags", () => {
    expect(pageTitle("Inloggen", "Hartklop")).toBe("Inloggen | Hartklop");
    expect(
      titleMeta({ title: "Credits", siteName: "Hartklop" }, { name: "robots", content: "noindex" }),
    ).toEqual([{ title: "Credits | Hartklop" }, { name: "robots", content: "noindex" }]);
  });
});
