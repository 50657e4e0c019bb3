import type PgBoss from "pg-boss";
import { eachConcurrently } from "../app/lib/each-concurrently";

/**
 * A worker that takes big batches and handles their jobs `concurrency` at a time. pg-boss waits its
 * polling interval after each batch, so a queue handles about one batch per second: large batches
 * worked in parallel give it throughput (bench/push-queue.ts). A job that throws is failed on its
 * own (pg-boss retries it); the rest of its batch completes and is not repeated.
 */
export async function workConcurrently<T extends object>(
  boss: PgBoss,
  queue: string,
  { batchSize, concurrency }: { batchSize: number; concurrency: number },
  handle: (data: T) => Promise<unknown>,
) {
  await boss.work<T>(queue, { pollingIntervalSeconds: 1, batchSize }, (batch) =>
    eachConcurrently(batch, concurrency, async (job) => {
      try {
        await handle(job.data);
      } catch (error) {
        await boss.fail(queue, job.id, { message: String(error) });
      }
    }),
  );
}
