import { useDrag } from "@use-gesture/react";
import { useRef, useState } from "react";
import type { SwipeIntent } from "./fetcher";

/** How far (px) a card must be dragged to count as a like (right) or a skip (left). */
export const SWIPE_THRESHOLD = 110;
/** A quick flick (px/ms) counts from this shorter distance. */
const FLICK_VELOCITY = 0.5;
const FLICK_DISTANCE = 40;

/**
 * Dragging a card sideways (mouse, pen or finger; vertical scrolling stays with the page): past the
 * threshold, or flicked, it decides; otherwise the card springs back. A drag never opens the
 * profile link it started on.
 */
export function useCardDrag(onDecide: ((intent: SwipeIntent) => void) | undefined) {
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const moved = useRef(false);

  const bind = useDrag(
    ({ first, active, tap, movement: [mx], velocity: [vx], direction: [dirX] }) => {
      if (first) moved.current = false;
      if (tap) return;
      moved.current = true;
      if (active) {
        setDragging(true);
        setDx(mx);
        return;
      }
      setDragging(false);
      const flicked = vx > FLICK_VELOCITY && Math.abs(mx) > FLICK_DISTANCE && Math.sign(mx) === dirX;
      if (onDecide && (Math.abs(mx) > SWIPE_THRESHOLD || flicked)) {
        onDecide(mx > 0 ? "like" : "skip");
      } else {
        setDx(0);
      }
    },
    { axis: "x", filterTaps: true, enabled: Boolean(onDecide) },
  );

  /** Swallows the click that ends a drag, so letting go over the profile link does not open it. */
  const onClickCapture = (event: React.MouseEvent) => {
    if (!moved.current) return;
    moved.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return { bind, dx, dragging, onClickCapture };
}
