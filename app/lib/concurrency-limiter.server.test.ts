import { describe, expect, it } from "vitest";
import { createConcurrencyLimiter } from "./concurrency-limiter.server";

/** A task that runs until the test finishes (or fails) it. */
function gate() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

/** Lets the limiter's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createConcurrencyLimiter", () => {
  it("never runs more than max tasks at once, and starts the waiters in order", async () => {
    const limiter = createConcurrencyLimiter(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await g.done;
        running--;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);

    gates[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // A newcomer waits behind those already queued, although a slot was just freed.
    const late = limiter.run(async () => started.push(99));
    gates[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.finish();
    gates[3]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    gates[4]!.finish();

    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    await late;
    expect(most).toBe(2);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it("a waiter whose signal aborts leaves the queue; the next one gets its turn", async () => {
    const limiter = createConcurrencyLimiter(1);
    const first = gate();
    const started: string[] = [];
    const running = limiter.run(() => first.done);
    const leaving = new AbortController();
    const left = limiter.run(async () => started.push("left"), leaving.signal);
    const staying = limiter.run(async () => started.push("stayed"), new AbortController().signal);
    await settle();
    expect(limiter.waiting).toBe(2);

    leaving.abort(new Error("client went away"));
    await expect(left).rejects.toThrow("client went away");
    expect(limiter.waiting).toBe(1);
    first.finish();
    await running;
    await staying;
    expect(started).toEqual(["stayed"]);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it("an already aborted signal neither runs nor takes a slot", async () => {
    const limiter = createConcurrencyLimiter(1);
    let ran = false;
    await expect(limiter.run(async () => (ran = true), AbortSignal.abort(new Error("gone")))).rejects.toThrow(
      "gone",
    );
    expect(ran).toBe(false);
    expect(limiter.active).toBe(0);
  });

  it("a task that fails releases its slot", async () => {
    const limiter = createConcurrencyLimiter(1);
    const failing = gate();
    const first = limiter.run(() => failing.done);
    const second = limiter.run(async () => "second");
    await settle();
    failing.fail(new Error("broken image"));
    await expect(first).rejects.toThrow("broken image");
    expect(await second).toBe("second");
    await expect(
      limiter.run(async () => {
        throw new Error("sync-ish");
      }),
    ).rejects.toThrow("sync-ish");
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it("admits at most max + maxWaiting at once, before they wait; a place given back (once) admits another", async () => {
    const limiter = createConcurrencyLimiter(2, 3);
    const places = Array.from({ length: 5 }, () => limiter.admit());
    expect(places.every((leave) => typeof leave === "function")).toBe(true);
    expect(limiter.admitted).toBe(5);
    // Full: the next one is refused at once, without waiting.
    expect(limiter.admit()).toBeNull();
    places[0]!();
    places[0]!();
    expect(limiter.admitted).toBe(4);
    const again = limiter.admit();
    expect(again).not.toBeNull();
    expect(limiter.admit()).toBeNull();
    for (const leave of [...places.slice(1), again]) leave!();
    expect(limiter.admitted).toBe(0);
    // Without maxWaiting nobody is refused.
    const open = createConcurrencyLimiter(1);
    expect(Array.from({ length: 50 }, () => open.admit()).every(Boolean)).toBe(true);
  });

  it("refuses a limit below one", () => {
    expect(() => createConcurrencyLimiter(0)).toThrow(RangeError);
    expect(() => createConcurrencyLimiter(1, -1)).toThrow(RangeError);
  });
});
