import { describe, expect, it } from "vitest";
import { jsonDocument } from "./json-document";

async function text(pieces: AsyncIterable<string>) {
  let out = "";
  for await (const piece of pieces) out += piece;
  return out;
}

async function* batches<T>(...lists: T[][]) {
  for (const list of lists) yield list;
}

describe("jsonDocument", () => {
  it("writes exactly what JSON.stringify with two-space indents writes, lists given in batches too", async () => {
    const rows = [
      { at: "2026-12-05T10:00:00.000Z", text: 'Hoi\n"jij"' },
      { at: null, nested: { a: [1, 2] } },
      { x: 3 },
    ];
    const written = await text(
      jsonDocument({
        with: "Anna",
        empty: [],
        none: null,
        messages: batches(rows.slice(0, 2), [], rows.slice(2)),
      }),
    );
    const expected = { with: "Anna", empty: [], none: null, messages: rows };
    expect(written).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  it("writes a list without rows as an empty array", async () => {
    const written = await text(jsonDocument({ ledger: batches<unknown>(), balance: 0 }));
    expect(JSON.parse(written)).toEqual({ ledger: [], balance: 0 });
    expect(written).toBe(`${JSON.stringify({ ledger: [], balance: 0 }, null, 2)}\n`);
  });
});
