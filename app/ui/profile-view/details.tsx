import { useTranslation } from "~/ui/use-translation";

/** About me, the filled-in detail fields and the interests. */
export function Details({
  profile,
}: {
  profile: {
    name: string;
    aboutMe: string | null;
    fields: { field: string; value: string }[];
    interests: string[] | null;
  };
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="details-title">
      <h2 className="h5" id="details-title">
        {t("member:details", { name: profile.name })}
      </h2>
      {profile.aboutMe && (
        <div className="mb-3" data-testid="about-me">
          <h3 className="h6 mb-1">{t("member:aboutMe")}</h3>
          <p style={{ whiteSpace: "pre-line" }}>{profile.aboutMe}</p>
        </div>
      )}
      {profile.fields.length > 0 && (
        <dl className="row mb-3" data-testid="profile-fields">
          {profile.fields.map(({ field, value }) => (
            <div className="col-sm-6 d-flex gap-2" key={field} data-field={field}>
              <dt className="fw-normal text-body-secondary">{t(`profile:fields.${field}`)}</dt>
              <dd className="mb-1">{t(`profile:values.${field}.${value}`)}</dd>
            </div>
          ))}
        </dl>
      )}
      {profile.interests && profile.interests.length > 0 && (
        <>
          <h3 className="h6">{t("profile:fields.interests")}</h3>
          <ul className="list-unstyled d-flex flex-wrap gap-1" data-testid="profile-interests">
            {profile.interests.map((code) => (
              <li key={code} className="badge rounded-pill text-bg-light border">
                {t(`profile:interests.${code}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
