import { describe, expect, it } from "vitest";
import { countedTitle, pageTitle, titleMeta } from "./page-title";

describe("page titles", () => {
  it("name the page, then the site, before any other tags", () => {
    expect(pageTitle("Inloggen", "Hartklop")).toBe("Inloggen | Hartklop");
    expect(
      titleMeta({ title: "Credits", siteName: "Hartklop" }, { name: "robots", content: "noindex" }),
    ).toEqual([{ title: "Credits | Hartklop" }, { name: "robots", content: "noindex" }]);
  });

  it("put the count before the title, once, and none at 0", () => {
    expect(countedTitle("Chats | Hartklop", 3)).toBe("(3) Chats | Hartklop");
    expect(countedTitle("(3) Chats | Hartklop", 12)).toBe("(12) Chats | Hartklop");
    expect(countedTitle("(3) Chats | Hartklop", 0)).toBe("Chats | Hartklop");
  });
});
