/** What an aborted `fetch` rejects with: the cancellation of a load, not a failure. */
function isAbortedLoad(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

/**
 * React Router aborts a load it no longer needs (a revalidation the member's click replaced, a
 * fetcher's load a revalidation restarts). When the answer was arriving, its single-fetch decoding
 * leaves two promises rejected with the abort that nothing awaits, which the browser reports as
 * uncaught errors though nothing failed (decision 0030). Only those are kept quiet.
 */
export function quietAbortedLoads(target: Pick<Window, "addEventListener"> = window) {
  target.addEventListener("unhandledrejection", (event) => {
    if (isAbortedLoad(event.reason)) event.preventDefault();
  });
}
