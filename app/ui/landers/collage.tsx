import { useTranslation } from "~/ui/use-translation";
import { usePlace, type DesignProps } from "./design-props";
import { MemberTile } from "./lander-photo";

/** collagelanding: photos of different sizes, slightly turned, like pinned prints. */
export function CollageDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  return (
    <main className="container py-3">
      <h1 className="h3 text-primary text-center">{t("landers:collagelanding.title", { place })}</h1>
      <div className="row g-4 align-items-start">
        <div className="col-md-7">
          <ul className="lander-collage" data-testid="lander-collage">
            {lander.members.slice(0, 7).map((member, index) => (
              <li key={member.id}>
                <MemberTile
                  member={member}
                  sizes={index === 0 ? "(max-width: 767px) 62vw, 380px" : "(max-width: 767px) 31vw, 190px"}
                  eager={index === 0}
                  fictionalIcon={fictionalIcon}
                />
              </li>
            ))}
          </ul>
        </div>
        <div className="col-md-5">
          <p className="lead">{t("landers:collagelanding.text")}</p>
          {signup}
        </div>
      </div>
    </main>
  );
}
