import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localVapidKeys } from "./vapid-keys.server";

describe("localVapidKeys", () => {
  it("makes one key pair per data folder, also when several processes ask at once", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "vapid-"));
    const pairs = await Promise.all([1, 2, 3, 4].map(() => localVapidKeys(dir)));
    expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
    expect(Buffer.from(pairs[0]!.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(pairs[0]!.privateKey, "base64url")).toHaveLength(32);
    expect(JSON.parse(await readFile(path.join(dir, "vapid-keys.json"), "utf8"))).toEqual(pairs[0]);
    expect(await localVapidKeys(dir)).toEqual(pairs[0]);
  });
});
