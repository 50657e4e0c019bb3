import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

/** One value as toCsv writes it in a row of its own (without the byte-order mark and line end). */
const cell = (value: string | number | null | undefined) => toCsv([[value]]).slice(1, -2);

describe("toCsv's cells", () => {
  it("leaves plain text and numbers alone", () => {
    expect(cell("gallery/utrecht")).toBe("gallery/utrecht");
    expect(cell(42)).toBe("42");
    expect(cell(-3)).toBe("-3");
    expect(cell(null)).toBe("");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(cell("a,b")).toBe('"a,b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell("two\nlines")).toBe('"two\nlines"');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(cell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(cell("+31")).toBe("'+31");
    expect(cell("-1+1")).toBe("'-1+1");
    expect(cell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(cell("\tcmd")).toBe("'\tcmd");
  });
});

describe("toCsv", () => {
  it("writes a byte-order mark and CRLF rows", () => {
    expect(
      toCsv([
        ["a", 1],
        ["b,c", null],
      ]),
    ).toBe('\uFEFFa,1\r\n"b,c",\r\n');
  });
});
