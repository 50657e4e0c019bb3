import { useCallback, useEffect, useState } from "react";
import { PushCallError, readPushState, turnPushOff, turnPushOn, type PushState } from "./push-client";

/** Why the last action went wrong: the site refused this browser's push service, or anything else. */
type PushFailure = "unsupported" | "failed";

/**
 * This device's push state, known only in the browser (SSR and no-JS: "unknown"), with actions
 * to turn push on and off; `failed` when the last one went wrong (the key of its text under
 * `push:device`).
 */
export function usePushState(knownEndpoints?: readonly string[]) {
  const [state, setState] = useState<PushState>("unknown");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<PushFailure | null>(null);
  const known = knownEndpoints?.join("\n");
  useEffect(() => {
    let current = true;
    void readPushState(known === undefined ? undefined : known.split("\n").filter(Boolean)).then(
      (next) => current && setState(next),
    );
    return () => {
      current = false;
    };
  }, [known]);
  const run = useCallback(async (action: () => Promise<PushState>) => {
    setBusy(true);
    setFailed(null);
    try {
      const next = await action();
      setState(next);
      return next;
    } catch (error) {
      const unsupported = error instanceof PushCallError && error.code === "unknown_push_service";
      setFailed(unsupported ? "unsupported" : "failed");
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return {
    state,
    busy,
    failed,
    turnOn: () => run(turnPushOn),
    turnOff: () => run(turnPushOff),
  };
}
