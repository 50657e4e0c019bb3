import { useTranslation } from "~/ui/use-translation";
import type { MemberCardData as SwipeCard } from "~/domain/profiles/member-card";
import type { SwipeIntent } from "./fetcher";
import { STACKED, SwipeCardContent } from "./swipe-card";
import { SWIPE_THRESHOLD, useCardDrag } from "./use-card-drag";

/** "Like" / "Skip" stamped on the card while it is dragged, clearer the further it goes. */
function DragStamp({ dx }: { dx: number }) {
  const { t } = useTranslation();
  if (dx === 0) return null;
  const like = dx > 0;
  return (
    <span
      aria-hidden="true"
      className={`position-absolute top-0 m-3 badge fs-5 ${like ? "start-0 text-bg-primary" : "end-0 text-bg-secondary"}`}
      style={{ opacity: Math.min(1, Math.abs(dx) / SWIPE_THRESHOLD), zIndex: 1 }}
    >
      {like ? t("swipe:actions.like") : t("swipe:actions.skip")}
    </span>
  );
}

/**
 * The shown card. With `onDecide` (JavaScript) it can be dragged; once decided (`leaving`) it flies
 * out to that side and calls `onGone`. With reduced motion it neither tilts nor flies.
 */
export function TopCard({
  card,
  leaving,
  onDecide,
  onGone,
  reducedMotion,
}: {
  card: SwipeCard;
  leaving: SwipeIntent | null;
  onDecide?: (intent: SwipeIntent) => void;
  onGone: () => void;
  reducedMotion: boolean;
}) {
  const { t } = useTranslation();
  const drag = useCardDrag(onDecide);
  const transform = leaving
    ? `translateX(${leaving === "like" ? 150 : -150}%) rotate(${leaving === "like" ? 20 : -20}deg)`
    : drag.dx !== 0
      ? `translateX(${drag.dx}px)${reducedMotion ? "" : ` rotate(${drag.dx / 20}deg)`}`
      : undefined;
  const style: React.CSSProperties = {
    ...STACKED,
    touchAction: "pan-y",
    transform,
    transition: drag.dragging || reducedMotion ? "none" : "transform 0.3s ease-out",
    cursor: onDecide ? "grab" : undefined,
  };
  return (
    <article
      {...(onDecide ? drag.bind() : {})}
      className="card shadow position-relative user-select-none"
      style={style}
      aria-label={t("swipe:card.label", { name: card.name })}
      data-testid="swipe-card"
      data-profile-id={card.id}
      onClickCapture={drag.onClickCapture}
      onTransitionEnd={(event) => {
        if (leaving && event.target === event.currentTarget) onGone();
      }}
    >
      <DragStamp dx={leaving ? 0 : drag.dx} />
      <SwipeCardContent card={card} />
    </article>
  );
}
