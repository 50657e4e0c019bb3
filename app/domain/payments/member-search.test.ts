import { describe, expect, it } from "vitest";
import { parseMemberSearch } from "./member-search";

const searchOf = (input: string) => {
  const parsed = parseMemberSearch(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.search;
};

describe("parseMemberSearch", () => {
  it("takes digits for an id, an IBAN's end and a phone number's end", () => {
    expect(searchOf(" 4300 ")).toEqual({ kind: "digits", id: 4300, ibanTail: "4300", phoneTail: "4300" });
    expect(searchOf("0612345678")).toEqual({
      kind: "digits",
      id: 612345678,
      ibanTail: "0612345678",
      phoneTail: "612345678",
    });
  });

  it("takes a short number for an id only, and a too large one for digits only", () => {
    expect(searchOf("42")).toEqual({ kind: "digits", id: 42, ibanTail: null, phoneTail: null });
    expect(searchOf("99999999999")).toMatchObject({ id: null, ibanTail: "99999999999" });
  });

  it("reads a phone number as people write it", () => {
    expect(searchOf("+31 6 1234-5678")).toEqual({
      kind: "digits",
      id: null,
      ibanTail: null,
      phoneTail: "612345678",
    });
  });

  it("recognises a Mollie payment id, an IBAN, an address and a name", () => {
    expect(searchOf("tr_WDqYK6vllg")).toEqual({ kind: "payment", molliePaymentId: "tr_WDqYK6vllg" });
    expect(searchOf("nl91 abna 0417 1643 00")).toEqual({ kind: "iban", iban: "NL91ABNA0417164300" });
    expect(searchOf("Anna@Example.com")).toEqual({ kind: "email", text: "anna@example.com" });
    expect(searchOf("Sanne")).toEqual({ kind: "text", text: "sanne" });
  });

  it("refuses a part too short for the index and a text too long", () => {
    expect(parseMemberSearch("an")).toEqual({ ok: false, error: "tooShort" });
    expect(parseMemberSearch("a".repeat(255))).toEqual({ ok: false, error: "tooLong" });
  });
});
