import { useTranslation } from "~/ui/use-translation";
import { usePlace, type DesignProps } from "./design-props";
import { MemberTile, TILE_SIZES } from "./lander-photo";

/** The interests shown as icons (codes of app/domain/core/interests.ts). */
const ICONS = [
  ["kissing", "💋"],
  ["massages", "💆"],
  ["lingerie", "👙"],
  ["dancing", "💃"],
  ["travelling", "✈️"],
  ["party", "🥂"],
  ["music", "🎵"],
  ["movies", "🎬"],
  ["beach", "🏖️"],
  ["cooking", "🍝"],
  ["wine", "🍷"],
  ["adventure", "🧭"],
] as const;

/** iconslanding: icons of interests to pick from, a few members, the form. */
export function IconsDesign({ lander, fictionalIcon, signup }: DesignProps) {
  const { t } = useTranslation();
  const place = usePlace(lander.variant, lander.country);
  return (
    <main className="container py-3" style={{ maxWidth: 880 }}>
      <h1 className="h3 text-primary text-center">{t("landers:iconslanding.title")}</h1>
      <p className="text-center">{t("landers:iconslanding.text", { place })}</p>
      <ul className="row g-2 list-unstyled text-center" data-testid="lander-icons">
        {ICONS.map(([code, icon]) => (
          <li className="col-3 col-md-2" key={code}>
            <a href="#lander-signup" className="card h-100 p-2 text-decoration-none">
              <span className="lander-icon" aria-hidden="true">
                {icon}
              </span>
              <span className="small text-body">{t(`profile:interests.${code}`)}</span>
            </a>
          </li>
        ))}
      </ul>
      <ul className="row g-2 list-unstyled mt-2">
        {lander.members.slice(0, 3).map((member) => (
          <li className="col-4" key={member.id}>
            <MemberTile member={member} sizes={TILE_SIZES} fictionalIcon={fictionalIcon} />
          </li>
        ))}
      </ul>
      <div className="mx-auto" style={{ maxWidth: 560 }}>
        {signup}
      </div>
    </main>
  );
}
