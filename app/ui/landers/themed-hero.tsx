import { useTranslation } from "~/ui/use-translation";
import { usePlace, type DesignProps } from "./design-props";
import { MemberTile, TILE_SIZES } from "./lander-photo";

/** alonetonight and whoneedsstrings: a themed hero, a row of members, the form. */
export function ThemedHeroDesign({
  theme,
  lander,
  fictionalIcon,
  signup,
}: DesignProps & { theme: "alonetonight" | "whoneedsstrings" }) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  return (
    <main>
      <section
        className={`py-4 ${theme === "alonetonight" ? "lander-hero-night" : "lander-hero-strings"}`}
        data-testid={`lander-hero-${theme}`}
      >
        <div className="container">
          <h1 className="display-6 fw-bold">{t(`landers:${theme}.title`)}</h1>
          <p className="lead mb-0">{t(`landers:${theme}.text`, { place })}</p>
        </div>
      </section>
      <div className="container py-3">
        <ul className="row g-2 list-unstyled">
          {lander.members.slice(0, 6).map((member, index) => (
            <li className="col-4 col-md-2" key={member.id}>
              <MemberTile
                member={member}
                sizes={TILE_SIZES}
                eager={index === 0}
                fictionalIcon={fictionalIcon}
              />
            </li>
          ))}
        </ul>
        <div className="mx-auto" style={{ maxWidth: 560 }}>
          {signup}
        </div>
      </div>
    </main>
  );
}
