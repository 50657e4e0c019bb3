// Two app processes starting at once on an empty database: only one seeds it (server/first-start).
import { describe, expect, it } from "vitest";
import { withFirstStartLock } from "../../server/first-start";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the first start's lock", () => {
  it("lets one process at a time check and seed the database, and is released also after a failure", async () => {
    const steps: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withFirstStartLock(async () => {
      steps.push("first checks");
      await held;
      steps.push("first seeded");
    });
    await pause(200);
    const second = withFirstStartLock(async () => void steps.push("second checks"));
    await pause(300);
    expect(steps).toEqual(["first checks"]);
    release();
    await Promise.all([first, second]);
    expect(steps).toEqual(["first checks", "first seeded", "second checks"]);

    await expect(withFirstStartLock(() => Promise.reject(new Error("seed failed")))).rejects.toThrow();
    expect(await withFirstStartLock(async () => "free again")).toBe("free again");
  });
});
