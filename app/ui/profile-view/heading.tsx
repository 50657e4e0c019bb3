import { useTranslation } from "~/ui/use-translation";
import { nameAge } from "~/ui/name-age";

/** Name (and age), the fictional badge, and the place without repeated parts. */
export function Heading({
  profile,
  fictionalIcon,
}: {
  profile: { name: string; age: number | null; city: string | null; region: string | null; country: string };
  fictionalIcon: boolean;
}) {
  const { t } = useTranslation();
  const place = [profile.city, profile.region, t(`profile:countries.${profile.country}`)].filter(
    (part, index, all) => part && all.indexOf(part) === index,
  );
  return (
    <>
      <h1 className="h3 text-primary mb-1 d-flex flex-wrap align-items-center gap-2">
        <span>{nameAge(t, profile)}</span>
        {fictionalIcon && (
          <span className="badge text-bg-warning fs-6" data-testid="fictional-badge">
            {t("profile:fictional.badge")}
          </span>
        )}
      </h1>
      <p className="text-body-secondary mb-3" data-testid="profile-place">
        {place.join(", ")}
      </p>
    </>
  );
}
