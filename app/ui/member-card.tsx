import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface MemberCardData {
  id: number;
  name: string;
  age: number;
  city: string | null;
  region: string | null;
  mainPhotoId: number | null;
}

/** A member in a grid of cards: main photo, name and age, place; the whole card links to the profile. */
export function MemberCard({ member }: { member: MemberCardData }) {
  const { t } = useTranslation();
  return (
    <li className="col-6 col-sm-4 col-md-3 col-lg-2">
      <div className="card member-card h-100">
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
        <div className="card-body p-2">
          <p className="card-title fw-semibold mb-0 text-truncate">
            <Link to={`/members/${member.id}`} className="stretched-link text-reset text-decoration-none">
              {t("member.nameAge", { name: member.name, age: member.age })}
            </Link>
          </p>
          <p className="card-text small text-body-secondary text-truncate">{member.city ?? member.region}</p>
        </div>
      </div>
    </li>
  );
}
