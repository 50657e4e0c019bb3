import { useCallback, useEffect, useState } from "react";
import { readPushState, turnPushOff, turnPushOn, type PushState } from "./push-client";

/**
 * This device's push state, known only in the browser (SSR and no-JS: "unknown"), with actions
 * to turn push on and off; `failed` when the last one went wrong.
 */
export function usePushState(knownEndpoints?: readonly string[]) {
  const [state, setState] = useState<PushState>("unknown");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
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
    setFailed(false);
    try {
      const next = await action();
      setState(next);
      return next;
    } catch {
      setFailed(true);
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
