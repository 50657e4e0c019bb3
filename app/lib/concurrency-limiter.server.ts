/**
 * At most `max` tasks run at a time in this process; the others wait their turn, first come first
 * served. A waiter whose signal aborts leaves the queue and rejects with the signal's reason.
 */
export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

export function createConcurrencyLimiter(max: number): ConcurrencyLimiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer: ${max}`);
  let active = 0;
  const queue: (() => void)[] = [];

  async function acquire(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (active < max) {
      active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(signal!.reason);
      };
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      queue.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  // A finished task hands its slot straight to the first waiter, so a newcomer cannot jump the queue.
  function release() {
    const next = queue.shift();
    if (next) next();
    else active--;
  }

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
