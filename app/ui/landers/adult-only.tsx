import { useTranslation } from "~/ui/use-translation";
import type { DesignProps } from "./design-props";
import { MemberTile, TILE_SIZES } from "./lander-photo";

/** Where "no" sends a visitor who is too young or does not want adult content. */
const LEAVE_URL = "https://www.google.com/";

/**
 * adultonly: an age gate. "Yes" opens the signup form below (an anchor, so also without
 * JavaScript: the form shows as the URL's target); "no" leaves the site.
 */
export function AdultOnlyDesign({ lander, fictionalIcon, minAge, signup, submitted }: DesignProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <section className="text-center mb-4" data-testid="age-gate">
        <h1 className="h3 text-primary">{t("landers:adultonly.title")}</h1>
        <p>{t("landers:adultonly.text")}</p>
        <p className="fw-semibold fs-5">{t("landers:adultonly.question", { minAge })}</p>
        <div className="d-flex gap-2 justify-content-center flex-wrap">
          <a href="#lander-signup" className="btn btn-primary btn-lg">
            {t("landers:adultonly.yes", { minAge })}
          </a>
          <a href={LEAVE_URL} className="btn btn-outline-secondary btn-lg" rel="nofollow noreferrer">
            {t("landers:adultonly.no")}
          </a>
        </div>
      </section>
      <ul className="row g-2 list-unstyled">
        {lander.members.slice(0, 3).map((member, index) => (
          <li className="col-4" key={member.id}>
            <MemberTile
              member={member}
              sizes={TILE_SIZES}
              eager={index === 0}
              fictionalIcon={fictionalIcon}
            />
          </li>
        ))}
      </ul>
      <div className={`lander-gate-form${submitted ? " is-open" : ""}`}>{signup}</div>
    </main>
  );
}
