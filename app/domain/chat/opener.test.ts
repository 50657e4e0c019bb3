import { describe, expect, it } from "vitest";
import { contactDetailIn, normaliseOpener } from "./opener";

describe("normaliseOpener", () => {
  it("lowers the case, drops digits and collapses whitespace", () => {
    expect(normaliseOpener("  Hoi Schat 1!\n\nBen jij  er ook?  ")).toBe("hoi schat ! ben jij er ook?");
    expect(normaliseOpener("HOI 2 schat! ben jij er ook?")).toBe(
      normaliseOpener("hoi schat! Ben jij er ook? 3"),
    );
  });

  it("keeps different words different", () => {
    expect(normaliseOpener("Hoi Anna")).not.toBe(normaliseOpener("Hoi Bram"));
  });

  it("drops digits of other scripts too", () => {
    expect(normaliseOpener("hi ٣ there")).toBe("hi there");
  });
});

describe("contactDetailIn", () => {
  it("finds links, with or without a scheme", () => {
    expect(contactDetailIn("kijk op https://example.org/x")).toBe("link");
    expect(contactDetailIn("www.mijnprofiel.nl")).toBe("link");
    expect(contactDetailIn("ga naar bit.ly/abc")).toBe("link");
    expect(contactDetailIn("snapchat.com is leuk")).toBe("link");
  });

  it("finds e-mail addresses, also written out", () => {
    expect(contactDetailIn("mail me: anna@example.nl")).toBe("email");
    expect(contactDetailIn("anna (at) gmail (dot) com")).toBe("email");
    expect(contactDetailIn("anna＠gmail.com")).toBe("email");
  });

  it("finds phone numbers with spaces, dashes and a country code", () => {
    expect(contactDetailIn("bel me 06 12 34 56 78")).toBe("phone");
    expect(contactDetailIn("+31-6-1234 5678")).toBe("phone");
    expect(contactDetailIn("app: 0612345678")).toBe("phone");
  });

  it("lets ordinary openers through: ages, prices, times, a full stop without a space", () => {
    for (const text of [
      "Hoi! Ik ben 35 en woon in Utrecht.",
      "Leuk profiel.Ben jij ook van wandelen?",
      "Om 20.30 op het terras? Ik trakteer, 4,50 per biertje.",
      "Mijn favoriete jaar: 1999. En het jouwe?",
      "Hallo daar :)",
    ]) {
      expect(contactDetailIn(text), text).toBeNull();
    }
  });
});
