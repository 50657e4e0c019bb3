import type PgBoss from "pg-boss";
import { describe, expect, it, vi } from "vitest";
import { workConcurrently } from "../../server/job-concurrency";

type Handler = (jobs: { id: string; data: { n: number } }[]) => Promise<void>;

describe("workConcurrently", () => {
  it("works a batch at most `concurrency` jobs at a time and fails only the jobs that threw", async () => {
    let handler: Handler | undefined;
    const fail = vi.fn(async () => {});
    const boss = {
      work: vi.fn(async (_queue: string, options: PgBoss.WorkOptions, run: Handler) => {
        expect(options).toMatchObject({ batchSize: 6, pollingIntervalSeconds: 1 });
        handler = run;
        return "worker";
      }),
      fail,
    } as unknown as PgBoss;
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await workConcurrently<{ n: number }>(boss, "q", { batchSize: 6, concurrency: 2 }, async ({ n }) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 3) throw new Error("boom");
      done.push(n);
    });
    await handler!([1, 2, 3, 4, 5, 6].map((n) => ({ id: `job-${n}`, data: { n } })));
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2, 4, 5, 6]);
    expect(fail).toHaveBeenCalledTimes(1);
    expect(fail).toHaveBeenCalledWith("q", "job-3", { message: "Error: boom" });
  });
});
