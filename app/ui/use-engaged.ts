import { useSyncExternalStore } from "react";

// What counts as the visitor engaging with the page: any of these, anywhere, once per document.
const ENGAGING_EVENTS = ["pointerdown", "keydown", "scroll", "wheel", "touchstart"] as const;
/** A press: what it engages appears once it ended, not under the pointer between down and up. */
const PRESSES = new Set<string>(["pointerdown", "touchstart"]);
const PRESS_ENDS = ["pointerup", "pointercancel", "touchend", "touchcancel"] as const;

let engaged = false;
let pressing = false;
const listeners = new Set<() => void>();

function engage() {
  engaged = true;
  for (const listener of listeners) listener();
}

/**
 * The page is engaged; an offer may appear. After a press, only once it ended: the browser sends
 * the click to what is under the pointer when it is released, so an offer appearing in between
 * (the push alert at the bottom of the screen) took the tap meant for a button there, such as a
 * like button on a member card.
 */
function onEngage(event: Event) {
  for (const type of ENGAGING_EVENTS) window.removeEventListener(type, onEngage, true);
  if (!PRESSES.has(event.type)) {
    engage();
    return;
  }
  pressing = true;
  const release = () => {
    if (!pressing) return;
    pressing = false;
    for (const type of PRESS_ENDS) window.removeEventListener(type, release, true);
    // After the click that follows the release in the same input.
    setTimeout(engage, 0);
  };
  for (const type of PRESS_ENDS) window.addEventListener(type, release, { capture: true, passive: true });
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
 * server); a press counts once it ended. Offers that are not the page's content wait for it: they
 * never push the content aside, become the largest thing painted before the visitor starts using
 * the page, or appear under a finger that is pressing.
 */
export function useEngaged(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => engaged,
    () => false,
  );
}
