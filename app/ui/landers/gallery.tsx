import { useTranslation } from "~/ui/use-translation";
import { usePlace, type DesignProps } from "./design-props";
import { MemberTile, TILE_SIZES } from "./lander-photo";

/** gallery: a photo grid of members of the visitor's country (or the slug's region). */
export function GalleryDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  return (
    <main className="container py-3">
      <h1 className="h3 text-primary">{t("landers:gallery.title", { place })}</h1>
      <p>{t("landers:gallery.text")}</p>
      <div className="row g-4">
        <div className="col-lg-7">
          <ul className="row g-2 list-unstyled" data-testid="lander-grid">
            {lander.members.map((member, index) => (
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
        </div>
        <div className="col-lg-5">{signup}</div>
      </div>
    </main>
  );
}
