import type { ReactNode } from "react";
import { useTranslation } from "~/ui/use-translation";
import { AppLink } from "~/ui/app-link";
import type { MemberCardData } from "~/domain/profiles/member-card";
import { LikeButton } from "./likes/like-button";

export type { MemberCardData };

/**
 * A member in a grid of cards: main photo, name and age, place; the whole card links to the profile
 * (`to`, default /members/{id}). Members get a like button on it; `badges` adds flags (new, match).
 */
export function MemberCard({
  member,
  to = `/members/${member.id}`,
  badges,
  footer,
}: {
  member: MemberCardData;
  to?: string;
  badges?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="col-6 col-sm-4 col-md-3 col-lg-2">
      <div className="card member-card h-100" data-testid="member-card">
        {member.mainPhotoId !== null && (
          <img
            src={`/photos/${member.mainPhotoId}/thumb`}
            alt={t("home.photoOf", { name: member.name })}
            className="card-img-top"
            width={120}
            height={150}
            loading="lazy"
          />
        )}
        <div className="card-body p-2 d-flex flex-column">
          {badges && <div className="mb-1">{badges}</div>}
          <p className="card-title fw-semibold mb-0 text-truncate">
            <AppLink to={to} className="stretched-link text-reset text-decoration-none">
              {t("member.nameAge", { name: member.name, age: member.age })}
            </AppLink>
          </p>
          <p className="card-text small text-body-secondary text-truncate mb-2">
            {member.city ?? member.region}
          </p>
          {member.liked !== undefined && (
            <div className="mt-auto">
              <LikeButton profileId={member.id} name={member.name} liked={member.liked} compact />
            </div>
          )}
          {footer && <div className="mt-2 position-relative z-2">{footer}</div>}
        </div>
      </div>
    </li>
  );
}
