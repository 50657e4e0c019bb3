import { useRef, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import type { LanderMember } from "~/domain/landers/designs";
import { usePlace, type DesignProps } from "./design-props";
import { FictionalMark, LanderPhoto, MemberTile, TILE_SIZES } from "./lander-photo";
import { nameAge } from "~/ui/name-age";

const CARDS = 5;
/** How far (px) a card must be dragged to count as a swipe. */
const SWIPE_DISTANCE = 80;
const CARD_SIZES = "(max-width: 575px) 90vw, 320px";

type Direction = "left" | "right";

function SwipeCard({
  member,
  top,
  gone,
  fictionalIcon,
  onSwipe,
}: {
  member: LanderMember;
  top: boolean;
  gone: Direction | null;
  fictionalIcon: boolean;
  onSwipe: (direction: Direction) => void;
}) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  return (
    <div
      className={`swipe-card${gone ? ` is-gone-${gone}` : ""}`}
      style={dx ? { transform: `translateX(${dx}px) rotate(${dx / 15}deg)`, transition: "none" } : undefined}
      aria-hidden={!top}
      data-testid={top ? "swipe-card-top" : "swipe-card"}
      onPointerDown={(event) => {
        if (!top) return;
        start.current = event.clientX;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (start.current !== null) setDx(event.clientX - start.current);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
      onPointerUp={() => {
        if (start.current === null) return;
        start.current = null;
        if (Math.abs(dx) > SWIPE_DISTANCE) onSwipe(dx > 0 ? "right" : "left");
        setDx(0);
      }}
    >
      <LanderPhoto
        photo={member.photo}
        alt={t("home.photoOf", { name: member.name })}
        sizes={CARD_SIZES}
        eager={top}
      />
      <FictionalMark show={fictionalIcon && member.isFictional} />
      <div className="lander-tile-caption fs-5">
        <span className="d-block fw-semibold">{nameAge(t, member)}</span>
        <span className="d-block">{member.city ?? member.region}</span>
      </div>
    </div>
  );
}

/**
 * tinderswipe: with JavaScript a stack of cards to swipe (or the buttons) through a few members,
 * then the signup form; without JavaScript the cards are a list with the form right below. Both are
 * rendered on the server and CSS (`scripting` media feature) shows the right one, so the stack is
 * there from the first paint and hydration moves nothing (Lighthouse measured a 0.24 layout shift
 * when the list was swapped for the stack after hydration).
 */
export function TinderSwipeDesign({ lander, fictionalIcon, signup, submitted }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  const members = lander.members.slice(0, CARDS);
  const [swiped, setSwiped] = useState<Direction[]>([]);

  const done = submitted || swiped.length >= members.length;
  const swipe = (direction: Direction) => setSwiped((list) => [...list, direction]);

  return (
    <main className="container py-3" style={{ maxWidth: 640 }}>
      <h1 className="h3 text-primary text-center">{t("landers:tinderswipe.title", { place })}</h1>
      {done ? (
        <p className="lead text-center my-3 swipe-with-js" data-testid="swipe-done">
          {t("landers:tinderswipe.done")}
        </p>
      ) : (
        <div className="swipe-with-js">
          <div className="swipe-stack my-3" data-testid="swipe-stack">
            {members
              .map((member, index) => (
                <SwipeCard
                  key={member.id}
                  member={member}
                  top={index === swiped.length}
                  gone={swiped[index] ?? null}
                  fictionalIcon={fictionalIcon}
                  onSwipe={swipe}
                />
              ))
              .reverse()}
          </div>
          <div className="d-flex justify-content-center gap-3 mb-3">
            <button type="button" className="btn btn-outline-secondary btn-lg" onClick={() => swipe("left")}>
              {t("landers:tinderswipe.nope")}
            </button>
            <button type="button" className="btn btn-primary btn-lg" onClick={() => swipe("right")}>
              {t("landers:tinderswipe.like")}
            </button>
          </div>
        </div>
      )}
      <ul className="row g-2 list-unstyled my-3 swipe-without-js" data-testid="swipe-list">
        {/* Lazy: hidden with JavaScript, so never fetched; without it browsers load them at once. */}
        {members.map((member) => (
          <li className="col-4" key={member.id}>
            <MemberTile member={member} sizes={TILE_SIZES} fictionalIcon={fictionalIcon} />
          </li>
        ))}
      </ul>
      <div className={done ? undefined : "swipe-without-js"}>{signup}</div>
    </main>
  );
}
