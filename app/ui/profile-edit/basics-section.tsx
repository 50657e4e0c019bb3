import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { Section } from "./section";
import { Visibility } from "./visibility";

/** Name, age and date of birth (not editable here), and the way to the photos page. */
export function BasicsSection({
  name,
  age,
  dateOfBirth,
  ageVisible,
}: {
  name: string;
  age: number;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  ageVisible: boolean;
}) {
  const { t, language } = useTranslation();
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(dateOfBirth),
  );
  return (
    <Section id="basics" title={name}>
      <p className="mb-1" data-testid="profile-age">
        {t("profileEdit:basics.ageShown", { age })}
        <Visibility visible={ageVisible} />
      </p>
      <p className="mb-2 text-body-secondary small" data-testid="profile-dob">
        {t("profileEdit:basics.dateOfBirthOwn", { date })}
      </p>
      <Link to="/profile/photos" className="btn btn-outline-primary btn-sm">
        {t("profileEdit:basics.photosLink")}
      </Link>
    </Section>
  );
}
