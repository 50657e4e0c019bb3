import { describe, expect, it } from "vitest";
import { looksLikeLink } from "./name-rules";

describe("looksLikeLink", () => {
  it("finds schemes, www., addresses and domain-like words", () => {
    for (const text of [
      "https://evil.example",
      "hxxp://x",
      "Ga naar www.prijs",
      "sanne@example.com",
      "@sanne",
      "example.com",
      "Kijk op bit.ly/abc",
      "EXAMPLE.NL",
      "login.hartklop-veilig.info nu",
      "voorbeeld．com",
      "site.xn--p1ai",
    ]) {
      expect(looksLikeLink(text), text).toBe(true);
    }
  });

  it("leaves ordinary names alone, initials too", () => {
    for (const text of [
      "Sanne88",
      "Jan de Vries",
      "J.R. Jansen",
      "A. de Vries",
      "Zoë-Anne",
      "Łukasz",
      "Mr. T",
    ]) {
      expect(looksLikeLink(text), text).toBe(false);
    }
  });
});
