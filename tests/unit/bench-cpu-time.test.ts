import { describe, expect, it } from "vitest";
import { cpuMs, parseCpuMs } from "../../bench/cpu-time";

describe("parseCpuMs", () => {
  it("adds user and system time, in ms, also for a command name with spaces and parens", () => {
    const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194304 1000 0 0 0 250 75 0 0 20 0 11 0 100";
    expect(parseCpuMs(stat)).toBe(3250);
  });

  it("refuses a line that is not a stat line", () => {
    expect(() => parseCpuMs("nothing here")).toThrow();
  });

  it("reads this process's time, which grows as it works", async () => {
    const before = await cpuMs(process.pid);
    const until = Date.now() + 60;
    while (Date.now() < until); // busy: CPU time, not waiting
    expect(await cpuMs(process.pid)).toBeGreaterThan(before);
  });
});
