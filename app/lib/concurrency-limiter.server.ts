/**
 * At most `max` tasks run at a time in this process; the others wait their turn, first come first
 * served. A waiter whose signal aborts leaves the queue and rejects with the signal's reason.
 *
 * Work that has to do something costly before it can wait (read an upload's body into memory) first
 * takes one of `max + maxWaiting` places with `admit`, so the line cannot grow without bound: when
 * every place is taken it is refused at once, before it did anything.
 */
export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * A place among the `max + maxWaiting` admitted (preparing, waiting or running): a function that
   * gives it back (once, whatever happens; calling it again does nothing), or null when all are taken.
   */
  admit(): (() => void) | null;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
  /** Places taken with `admit` and not given back. */
  readonly admitted: number;
}

export function createConcurrencyLimiter(max: number, maxWaiting = Infinity): ConcurrencyLimiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer: ${max}`);
  if (!(maxWaiting >= 0)) throw new RangeError(`maxWaiting must not be negative: ${maxWaiting}`);
  let active = 0;
  let admitted = 0;
  const queue: (() => void)[] = [];

  function admit() {
    if (admitted >= max + maxWaiting) return null;
    admitted++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      admitted--;
    };
  }

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
    admit,
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
    get admitted() {
      return admitted;
    },
  };
}
