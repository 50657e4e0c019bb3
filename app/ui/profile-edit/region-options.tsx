import { useTranslation } from "~/ui/use-translation";
import { PROFILE_COUNTRIES } from "~/domain/core/countries";
import { regionsOf } from "~/domain/core/regions";

/**
 * The regions to choose from. Without JavaScript every country's regions are offered (grouped, the
 * chosen country first); the server checks that the region belongs to the country. With JavaScript
 * only the chosen one's.
 */
export function RegionOptions({ country, hydrated }: { country: string; hydrated: boolean }) {
  const { t } = useTranslation();
  if (hydrated) {
    return regionsOf(country).map((name) => (
      <option key={`${country}-${name}`} value={name}>
        {name}
      </option>
    ));
  }
  const groups = [...PROFILE_COUNTRIES].sort((a, b) => Number(b === country) - Number(a === country));
  return groups.map((code) => (
    <optgroup key={code} label={t(`profile:countries.${code}`)}>
      {regionsOf(code).map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </optgroup>
  ));
}
