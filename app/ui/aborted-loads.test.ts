import { describe, expect, it } from "vitest";
import { quietAbortedLoads } from "./aborted-loads";

/** An `unhandledrejection` event as the browser dispatches it (jsdom has no PromiseRejectionEvent). */
function unhandledRejection(reason: unknown) {
  return Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });
}

describe("quietAbortedLoads", () => {
  it("cancels the report of an aborted load, and of nothing else", () => {
    const target = new EventTarget();
    quietAbortedLoads(target);
    const controller = new AbortController();
    controller.abort();
    const aborted = unhandledRejection(controller.signal.reason);
    target.dispatchEvent(aborted);
    expect(aborted.defaultPrevented).toBe(true);

    for (const reason of [
      new Error("signal is aborted without reason"),
      new TypeError("Failed to fetch"),
      undefined,
    ]) {
      const other = unhandledRejection(reason);
      target.dispatchEvent(other);
      expect(other.defaultPrevented).toBe(false);
    }
  });

  it("knows an abort by its kind, not its message", () => {
    const target = new EventTarget();
    quietAbortedLoads(target);
    const quieted = (reason: unknown) => {
      const event = unhandledRejection(reason);
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(quieted(new DOMException("gone", "AbortError"))).toBe(true);
    expect(quieted(new DOMException("signal is aborted without reason", "TimeoutError"))).toBe(false);
  });
});
