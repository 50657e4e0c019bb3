import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { MemberCardData as SwipeCard } from "~/domain/profiles/member-card";
import { nameAge } from "~/ui/name-age";

const PHOTO_RATIO = { "--bs-aspect-ratio": "125%" } as React.CSSProperties;

/** What a game card shows: the large photo, name and age, place, and a link to the profile. */
export function SwipeCardContent({ card }: { card: SwipeCard }) {
  const { t } = useTranslation();
  const place = card.city ?? card.region;
  return (
    <>
      <div className="ratio bg-body-secondary rounded-top overflow-hidden" style={PHOTO_RATIO}>
        {card.mainPhotoId !== null ? (
          <img
            src={`/photos/${card.mainPhotoId}/large`}
            alt={t("swipe:card.photoOf", { name: card.name })}
            className="object-fit-cover"
            draggable={false}
            data-testid="swipe-photo"
          />
        ) : (
          <div className="d-flex align-items-center justify-content-center text-body-secondary">
            {t("swipe:card.noPhoto")}
          </div>
        )}
      </div>
      <div className="card-body">
        <h2 className="h4 card-title mb-1" data-testid="swipe-name">
          {nameAge(t, card, "swipe:card.nameAge")}
        </h2>
        {place && <p className="card-text text-body-secondary mb-2">{place}</p>}
        <Link to={`/members/${card.id}`} draggable={false}>
          {t("swipe:card.viewProfile")}
        </Link>
      </div>
    </>
  );
}

/** Every card of the deck takes the same grid cell, so they lie on top of each other. */
export const STACKED: React.CSSProperties = { gridArea: "1 / 1" };

/** The next card, under the current one: its photo loads now, so it shows at once when its turn comes. */
export function NextCard({ card }: { card: SwipeCard }) {
  return (
    <div className="card shadow-sm" style={STACKED} aria-hidden="true" inert data-testid="swipe-next-card">
      <SwipeCardContent card={card} />
    </div>
  );
}
