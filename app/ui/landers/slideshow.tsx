import { useTranslation } from "~/ui/use-translation";
import type { LanderMember } from "~/domain/landers/designs";
import { usePlace, type DesignProps } from "./design-props";
import { FictionalMark, LanderPhoto } from "./lander-photo";
import { nameAge } from "~/ui/name-age";

const SLIDES = 6;
const SECONDS_PER_SLIDE = 6;
const SLIDE_SIZES = "(max-width: 575px) 100vw, 420px";

/** The members' photos fading and zooming one after another (CSS only; no JavaScript needed). */
export function Slideshow({ members, fictionalIcon }: { members: LanderMember[]; fictionalIcon: boolean }) {
  const { t } = useTranslation();
  const slides = members.slice(0, SLIDES);
  const cycle = slides.length * SECONDS_PER_SLIDE;
  return (
    <div className="lander-slideshow" data-testid="lander-slideshow">
      {slides.map((member, index) => (
        <div
          className="lander-slide"
          key={member.id}
          style={
            {
              "--lander-cycle": `${cycle}s`,
              animationDelay: `${index * SECONDS_PER_SLIDE}s`,
            } as React.CSSProperties
          }
        >
          <LanderPhoto
            photo={member.photo}
            alt={t("home.photoOf", { name: member.name })}
            sizes={SLIDE_SIZES}
            eager={index === 0}
          />
          <FictionalMark show={fictionalIcon && member.isFictional} />
          <div className="lander-tile-caption fs-5">
            {nameAge(t, member)}
            {member.city ? `, ${member.city}` : ""}
          </div>
        </div>
      ))}
    </div>
  );
}

/** transitionsvideolanding: a slideshow with transitions, then the form. */
export function SlideshowDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  return (
    <main className="container py-3">
      <h1 className="h3 text-primary text-center">{t("landers:transitionsvideolanding.title", { place })}</h1>
      <div className="row g-4 align-items-start">
        <div className="col-md-6">
          <Slideshow members={lander.members} fictionalIcon={fictionalIcon} />
        </div>
        <div className="col-md-6">{signup}</div>
      </div>
    </main>
  );
}
