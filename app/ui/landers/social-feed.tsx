import { useTranslation } from "~/ui/use-translation";
import { usePlace, type DesignProps } from "./design-props";
import { FictionalMark, LanderPhoto } from "./lander-photo";
import { nameAge } from "~/ui/name-age";

const POST_SIZES = "(max-width: 575px) 100vw, 560px";

/** socialnetwork: members as posts in a social feed; every action leads to the signup form. */
export function SocialFeedDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  return (
    <main className="container py-3">
      <h1 className="h4 text-primary text-center">{t("landers:socialnetwork.title", { place })}</h1>
      <div className="mx-auto mb-4" style={{ maxWidth: 560 }}>
        {signup}
      </div>
      <ul className="lander-feed" data-testid="lander-feed">
        {lander.members.slice(0, 6).map((member) => (
          <li className="card mb-3" key={member.id}>
            <div className="card-body d-flex align-items-center gap-2 pb-2">
              <LanderPhoto photo={member.photo} alt="" sizes="40px" className="lander-avatar" />
              <div>
                <p className="fw-semibold mb-0">{nameAge(t, member)}</p>
                <p className="small text-body-secondary mb-0">
                  {t("landers:socialnetwork.post", { place: member.city ?? member.region ?? place })}
                </p>
              </div>
            </div>
            <div className="position-relative">
              <LanderPhoto
                photo={member.photo}
                alt={t("home.photoOf", { name: member.name })}
                sizes={POST_SIZES}
              />
              <FictionalMark show={fictionalIcon && member.isFictional} />
            </div>
            <div className="card-body d-flex gap-2 pt-2">
              <a href="#lander-signup" className="btn btn-sm btn-outline-primary">
                {t("landers:socialnetwork.like")}
              </a>
              <a href="#lander-signup" className="btn btn-sm btn-primary">
                {t("landers:socialnetwork.message")}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
