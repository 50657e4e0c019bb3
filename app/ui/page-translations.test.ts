import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadForChunkError } from "./chunk-reload";
import { BrowserTranslations } from "./page-translations";

vi.mock("./chunk-reload", () => ({ reloadForChunkError: vi.fn() }));

const first = { common: { hello: "Hallo" } };
const later = { search: { title: "Zoeken" }, likes: { title: "Likes" } };

function browserTranslations(fetchBundles = vi.fn(async () => later)) {
  return { translations: new BrowserTranslations("nl", "v1", first, fetchBundles), fetchBundles };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("BrowserTranslations", () => {
  it("gives the translator at once for namespaces it has", () => {
    const { translations, fetchBundles } = browserTranslations();
    expect(translations.translatorWith(["common"])).toBe(translations.translator);
    expect(translations.translator.t("hello")).toBe("Hallo");
    expect(fetchBundles).not.toHaveBeenCalled();
  });

  it("fetches only the missing namespaces, once, and then translates them", async () => {
    const { translations, fetchBundles } = browserTranslations();
    const loading = translations.translatorWith(["common", "likes", "search"]);
    expect(loading).toBeInstanceOf(Promise);
    // The same promise while it loads: React's `use` waits for it across renders.
    expect(translations.translatorWith(["common", "likes", "search"])).toBe(loading);
    const translator = await loading;
    expect(fetchBundles).toHaveBeenCalledTimes(1);
    expect(fetchBundles).toHaveBeenCalledWith("/resources/locales/nl?v=v1&ns=likes,search");
    expect(translator.t("search:title")).toBe("Zoeken");
    expect(translator.t("hello")).toBe("Hallo");
    expect(translations.translatorWith(["search", "likes"])).toBe(translator);
  });

  it("reports a key whose namespace is not loaded", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { translations } = browserTranslations();
    expect(translations.translator.t("chat:title")).toBe("title");
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"chat"'));
  });

  it("loads the page as a document when the fetch fails, or shows it with what it has", async () => {
    const failing = vi.fn(async () => {
      throw new Error("offline");
    });
    vi.mocked(reloadForChunkError).mockReturnValueOnce(false);
    const { translations } = browserTranslations(failing);
    const shown = await translations.translatorWith(["search"]);
    expect(shown).toBe(translations.translator);
    expect(shown.t("hello")).toBe("Hallo");
    // Given up for this page: no new request on the next render.
    expect(translations.translatorWith(["search"])).toBe(translations.translator);
    expect(failing).toHaveBeenCalledTimes(1);

    vi.mocked(reloadForChunkError).mockReturnValueOnce(true);
    const settled = vi.fn();
    void (translations.translatorWith(["likes"]) as Promise<unknown>).then(settled, settled);
    await vi.waitFor(() => expect(reloadForChunkError).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).not.toHaveBeenCalled();
  });
});
