// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { heapOwners } from "../../bench/heap-owners.mjs";

const folder = mkdtempSync(path.join(os.tmpdir(), "heap-owners-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A snapshot of a root holding a Cache, whose `entries` hold an array holding a string. */
function snapshotFile(): string {
  const strings = ["", "(GC roots)", "Cache", "entries", "(object elements)", "a long cached text", "0"];
  // type, name, id, self_size, edge_count
  const nodes = [9, 1, 1, 0, 1, 3, 2, 3, 2_097_152, 1, 1, 4, 5, 1_048_576, 1, 2, 5, 7, 524_288, 0];
  // type, name_or_index, to_node (an index into `nodes`)
  const edges = [2, 3, 5, 2, 3, 10, 1, 0, 15];
  const meta = {
    node_fields: ["type", "name", "id", "self_size", "edge_count"],
    node_types: [
      ["hidden", "array", "string", "object", "code", "closure", "regexp", "number", "native", "synthetic"],
    ],
    edge_fields: ["type", "name_or_index", "to_node"],
    edge_types: [["context", "element", "property", "internal", "hidden", "shortcut", "weak"]],
  };
  const file = path.join(folder, "test.heapsnapshot");
  writeFileSync(file, JSON.stringify({ snapshot: { meta }, nodes, edges, strings }));
  return file;
}

describe("heap-owners", () => {
  it("sums the self sizes by kind and by the nearest named owner", () => {
    const report = heapOwners(snapshotFile());
    expect(report).toContain("4 nodes, 3.50 MB");
    expect(report).toMatch(/2\.00 MB {2}object Cache/);
    // The array and the string it holds both belong to the cache's entries.
    expect(report).toMatch(/1\.50 MB {2}entries of object Cache/);
    expect(report).toMatch(/2\.00 MB {2}\(no named owner\)/);
  });
});
