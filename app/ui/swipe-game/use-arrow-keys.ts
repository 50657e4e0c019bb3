import { useEffect } from "react";
import type { SwipeIntent } from "./fetcher";

function typingIn(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** Whether a modal dialog (the new-like modal, a confirmation) has the keyboard now. */
function dialogOpen() {
  return document.querySelector('[aria-modal="true"], dialog[open]') !== null;
}

/** ArrowRight likes, ArrowLeft skips (not while typing in a field, with a modifier key, or under a modal). */
export function useArrowKeys(onDecide: (intent: SwipeIntent) => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (typingIn(event.target) || dialogOpen()) return;
      const intent = event.key === "ArrowRight" ? "like" : event.key === "ArrowLeft" ? "skip" : null;
      if (!intent) return;
      event.preventDefault();
      onDecide(intent);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onDecide, enabled]);
}
