import { useTranslation } from "~/ui/use-translation";
import type { LanderMember } from "~/domain/landers/designs";
import { nameAge } from "~/ui/name-age";

/**
 * A member's approved public photo in the size the layout needs: the 240 px thumbnail or the large
 * version (WebP both), picked by the browser from `sizes`. Only the first one on a page loads at
 * once; the rest wait until they are near the viewport.
 */
export function LanderPhoto({
  photo,
  alt,
  sizes,
  eager = false,
  className = "lander-photo",
}: {
  photo: { id: number; width: number; height: number };
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={`/photos/${photo.id}/thumb`}
      srcSet={`/photos/${photo.id}/thumb 240w, /photos/${photo.id}/large ${photo.width}w`}
      sizes={sizes}
      alt={alt}
      width={240}
      height={300}
      className={className}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
    />
  );
}

/** The site's fictional-profile badge, as on profiles. */
export function FictionalMark({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <span className="badge text-bg-warning lander-fictional" data-testid="fictional-badge">
      {t("profile:fictional.badge")}
    </span>
  );
}

/** A member as a photo tile linking to the signup form, with name, age and place. */
export function MemberTile({
  member,
  sizes,
  eager,
  fictionalIcon,
}: {
  member: LanderMember;
  sizes: string;
  eager?: boolean;
  fictionalIcon: boolean;
}) {
  const { t } = useTranslation();
  return (
    <a href="#lander-signup" className="lander-tile" data-testid="lander-member">
      <LanderPhoto
        photo={member.photo}
        alt={t("home.photoOf", { name: member.name })}
        sizes={sizes}
        eager={eager}
      />
      <FictionalMark show={fictionalIcon && member.isFictional} />
      <span className="lander-tile-caption">
        <span className="d-block fw-semibold text-truncate">{nameAge(t, member)}</span>
        <span className="d-block text-truncate">{member.city ?? member.region}</span>
      </span>
    </a>
  );
}

/** Grid tiles: three across on phones (the 240 px thumbnail is enough there), 180 px wide above. */
export const TILE_SIZES = "(max-width: 575px) 33vw, 180px";
