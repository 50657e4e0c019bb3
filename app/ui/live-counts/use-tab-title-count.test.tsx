import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../tests/setup/render";
import { useTabTitleCount } from "./use-tab-title-count";

function Title({ total }: { total: number }) {
  useTabTitleCount(total);
  return null;
}

describe("useTabTitleCount", () => {
  it("prefixes the tab title with the count and removes the prefix at 0", () => {
    document.title = "Leden zoeken | Hartklop";
    const { unmount } = renderWithApp(<Title total={4} />);
    expect(document.title).toBe("(4) Leden zoeken | Hartklop");
    unmount();
    renderWithApp(<Title total={0} />);
    expect(document.title).toBe("Leden zoeken | Hartklop");
  });
});
