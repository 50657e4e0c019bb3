import type { ReactNode } from "react";
import { useTranslation } from "~/ui/use-translation";
import { AppLink } from "~/ui/app-link";
import type { MemberCardData } from "~/domain/profiles/member-card";
import { LikeButton, LikeListForm } from "./likes/like-button";
import { nameAge } from "~/ui/name-age";

export type { MemberCardData };

/**
 * A grid of member cards. When they carry like buttons (the viewer is a member: `liked` is set), the
 * grid sits inside the one form those buttons share.
 */
export function MemberCardList({
  testId,
  members,
  children,
}: {
  testId: string;
  members: readonly MemberCardData[];
  children: ReactNode;
}) {
  const list = (
    <ul className="row g-3 list-unstyled" data-testid={testId}>
      {children}
    </ul>
  );
  return members.some((member) => member.liked !== undefined) ? <LikeListForm>{list}</LikeListForm> : list;
}

/**
 * How a card's photo loads: `lazy` once it nears the screen (the default); `eager` with the page, for
 * a card on the first screen; `high` eager and before the page's other images, for the first cards
 * of a page whose largest paint they are (a lazy photo there waits for the layout, and the phone's
 * first screen for it).
 */
export type CardPhotoLoading = "lazy" | "eager" | "high";

/**
 * A member in a grid of cards: main photo, name and age, place; the whole card links to the profile
 * (`to`, default /members/{id}). Members get a like button on it (the card must be in a `MemberCardList`); `badges` adds flags (new, match).
 */
export function MemberCard({
  member,
  to = `/members/${member.id}`,
  badges,
  footer,
  photoLoading = "lazy",
}: {
  member: MemberCardData;
  to?: string;
  badges?: ReactNode;
  footer?: ReactNode;
  photoLoading?: CardPhotoLoading;
}) {
  const { t } = useTranslation();
  return (
    // Component classes (app.scss) rather than utility lists: a page shows up to 24 cards.
    <li className="member-cell">
      <div className="card member-card" data-testid="member-card">
        {member.mainPhotoId !== null && (
          <img
            src={`/photos/${member.mainPhotoId}/thumb`}
            alt={t("home.photoOf", { name: member.name })}
            className="card-img-top"
            width={120}
            height={150}
            loading={photoLoading === "lazy" ? "lazy" : "eager"}
            fetchPriority={photoLoading === "high" ? "high" : undefined}
          />
        )}
        <div className="member-card-body">
          {badges && <div className="mb-1">{badges}</div>}
          <AppLink to={to} className="member-card-name">
            {nameAge(t, member)}
          </AppLink>
          <p className="member-card-place">{member.city ?? member.region}</p>
          {member.liked !== undefined && (
            <LikeButton
              profileId={member.id}
              name={member.name}
              liked={member.liked}
              compact
              inListForm
              className="member-card-like"
            />
          )}
          {footer && <div className="mt-2 position-relative z-2">{footer}</div>}
        </div>
      </div>
    </li>
  );
}
