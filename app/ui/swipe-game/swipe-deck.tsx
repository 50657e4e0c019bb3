import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import type { MemberCardData as SwipeCard } from "~/domain/profiles/member-card";
import { useHydrated } from "~/ui/profile-edit/use-hydrated";
import { DecisionButtons } from "./decision-buttons";
import { NextCard } from "./swipe-card";
import { TopCard } from "./top-card";
import { useArrowKeys } from "./use-arrow-keys";
import { useReducedMotion } from "./use-reduced-motion";
import { useSwipeDecision } from "./use-swipe-decision";
import { nameAge } from "~/ui/name-age";

/** Shown while a choice is saved and no next card is known yet (or the day's last like was given). */
function Waiting() {
  const { t } = useTranslation();
  return (
    <div className="d-flex align-items-center justify-content-center py-5" style={{ gridArea: "1 / 1" }}>
      <span className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{t("swipe:actions.busy")}</span>
      </span>
    </div>
  );
}

/**
 * The game's cards and buttons. Without JavaScript: one card and two form buttons. With it: the
 * card can be swiped, the arrow keys decide too, and the next card lies ready underneath, so it
 * shows the moment the current one is gone.
 */
export function SwipeDeck({
  card,
  next,
  likesLeft,
}: {
  card: SwipeCard;
  next: SwipeCard | null;
  likesLeft: number;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const { decision, busy, decide } = useSwipeDecision(card.id);
  const [goneId, setGoneId] = useState<number | null>(null);
  useArrowKeys(decide, hydrated);

  // The day's last like closes the game: no next card then, the page turns to the limit notice.
  const lastLike = decision?.intent === "like" && likesLeft <= 1;
  const showTop = !decision || (!reducedMotion && goneId !== card.id);
  const showNext = hydrated && next !== null && !lastLike;
  return (
    <>
      {hydrated && <p className="small text-body-secondary">{t("swipe:help")}</p>}
      <p className="small fw-semibold" data-testid="swipe-likes-left">
        {t("swipe:likesLeft", { count: likesLeft })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {nameAge(t, card, "swipe:card.nameAge")}
      </p>
      <div className="d-grid overflow-hidden p-2" aria-busy={busy}>
        {decision && !showNext && <Waiting />}
        {showNext && <NextCard key={next.id} card={next} />}
        {showTop && (
          <TopCard
            key={card.id}
            card={card}
            leaving={decision?.intent ?? null}
            onDecide={hydrated ? decide : undefined}
            onGone={() => setGoneId(card.id)}
            reducedMotion={reducedMotion}
          />
        )}
      </div>
      <DecisionButtons card={card} busy={busy} onDecide={hydrated ? decide : undefined} />
    </>
  );
}
