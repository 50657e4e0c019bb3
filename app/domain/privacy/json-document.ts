// JSON files of the data archive as a person reads them: two-space indents, one field a line. A
// field given as batches of rows (a long chat, a long ledger) is written batch by batch, so such a
// file is never one string in memory.

/** A field of a document: a value, or a list that arrives in batches. */
export type DocumentField = unknown | AsyncIterable<unknown[]>;

function isBatches(value: unknown): value is AsyncIterable<unknown[]> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** `value` as pretty JSON, each line after the first indented by `depth` levels. */
function pretty(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll("\n", `\n${"  ".repeat(depth)}`);
}

/**
 * The object `fields` as pretty-printed JSON text, in pieces: plain fields as they are, batched
 * lists as arrays whose rows are written as their batches arrive.
 */
export async function* jsonDocument(fields: Record<string, DocumentField>): AsyncGenerator<string> {
  const names = Object.keys(fields);
  if (names.length === 0) {
    yield "{}\n";
    return;
  }
  yield "{\n";
  for (const [index, name] of names.entries()) {
    const value = fields[name];
    const comma = index < names.length - 1 ? "," : "";
    if (!isBatches(value)) {
      yield `  ${JSON.stringify(name)}: ${pretty(value ?? null, 1)}${comma}\n`;
      continue;
    }
    yield `  ${JSON.stringify(name)}: [`;
    let first = true;
    for await (const batch of value) {
      if (batch.length === 0) continue;
      const rows = batch.map((row) => `    ${pretty(row, 2)}`).join(",\n");
      yield `${first ? "\n" : ",\n"}${rows}`;
      first = false;
    }
    yield `${first ? "" : "\n  "}]${comma}\n`;
  }
  yield "}\n";
}
