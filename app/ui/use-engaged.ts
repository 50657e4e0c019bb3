import { useSyncExternalStore } from "react";

// What counts as the visitor engaging with the page: any of these, anywhere, once per document.
const ENGAGING_EVENTS = ["pointerdown", "keydown", "scroll", "wheel", "touchstart"] as const;

let engaged = false;
const listeners = new Set<() => void>();

function onEngage() {
  engaged = true;
  for (const type of ENGAGING_EVENTS) window.removeEventListener(type, onEngage, true);
  for (const listener of listeners) listener();
}

// From the moment the module loads, so a tap before hydration counts too.
if (typeof window !== "undefined") {
  for (const type of ENGAGING_EVENTS)
    window.addEventListener(type, onEngage, { capture: true, passive: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the visitor has touched, clicked, typed or scrolled on this page yet (false on the
 * server). Offers that are not the page's content wait for it: they never push the content aside
 * or become the largest thing painted before the visitor starts using the page.
 */
export function useEngaged(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => engaged,
    () => false,
  );
}
