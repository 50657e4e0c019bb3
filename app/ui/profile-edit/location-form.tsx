import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { CITY_MAX } from "~/domain/profiles/profile-edit-fields";
import { PROFILE_COUNTRIES, regionLabelKey } from "~/domain/core/countries";
import { regionLabelInSentence, regionsOf } from "~/domain/core/regions";
import { FormErrors } from "~/ui/form-fields";
import { type FormResult, typedValue, useValidatedForm } from "~/ui/use-validated-form";
import { controlProps, errorProps, LocationColumn } from "./location-column";
import { type Coords, LocationFinder, type Place } from "./location-finder";
import { RegionOptions } from "./region-options";
import { Section } from "./section";
import { useHydrated } from "./use-hydrated";

/** The living area: country, region (its label depends on the country) and city. */
export function LocationForm({
  saved,
  result,
  regionVisible,
  cityVisible,
}: {
  saved: { country: string; region: string | null; city: string | null };
  result: FormResult;
  regionVisible: boolean;
  cityVisible: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const typed = (name: keyof typeof saved) => {
    const value = typedValue(result, name);
    return typeof value === "string" ? value : result ? "" : (saved[name] ?? "");
  };
  const [country, setCountry] = useState(() => typed("country"));
  const [region, setRegion] = useState(() => typed("region"));
  const [city, setCity] = useState(() => typed("city"));
  // Only a place the browser's location filled in comes with coordinates.
  const [coords, setCoords] = useState<Coords | null>(null);
  const [form, fields] = useValidatedForm({
    id: "location-form",
    lastResult: result,
    schemas: () => import("~/domain/profiles/profile-edit-schemas"),
    schema: (schemas, t) => schemas.locationSchema(t),
  });
  const regionLabel = t(regionLabelKey(country));
  const regionInSentence = regionLabelInSentence(t, country);

  function chooseCountry(next: string) {
    setCountry(next);
    setCoords(null);
    if (!regionsOf(next).includes(region)) setRegion("");
  }

  function found(place: Place, at: Coords) {
    setCountry(place.country);
    setRegion(place.region ?? "");
    setCity(place.city);
    setCoords(at);
  }

  return (
    <Section id="location" title={t("profileEdit:location.title")}>
      {hydrated && (
        <LocationFinder texts="profileEdit:location" regionLabel={regionInSentence} onFound={found} />
      )}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="location" />
        {coords && (
          <>
            <input type="hidden" name="latitude" value={coords.lat} />
            <input type="hidden" name="longitude" value={coords.lon} />
          </>
        )}
        <div className="row g-3">
          <LocationColumn field={fields.country} label={t("profile:fields.country")}>
            <select
              {...controlProps(fields.country, "form-select")}
              value={country}
              onChange={(e) => chooseCountry(e.currentTarget.value)}
              {...errorProps(fields.country)}
            >
              <option value="">{t("profileEdit:location.chooseCountry")}</option>
              {PROFILE_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {t(`profile:countries.${code}`)}
                </option>
              ))}
            </select>
          </LocationColumn>
          <LocationColumn
            field={fields.region}
            label={regionLabel}
            labelTestId="region-label"
            visible={regionVisible}
          >
            <select
              {...controlProps(fields.region, "form-select")}
              value={region}
              onChange={(e) => setRegion(e.currentTarget.value)}
              {...errorProps(fields.region)}
            >
              <option value="">{t("profileEdit:location.chooseRegion", { label: regionInSentence })}</option>
              <RegionOptions country={country} hydrated={hydrated} />
            </select>
          </LocationColumn>
          <LocationColumn field={fields.city} label={t("profile:fields.city")} visible={cityVisible}>
            <input
              {...controlProps(fields.city, "form-control")}
              value={city}
              maxLength={CITY_MAX * 2}
              autoComplete="address-level2"
              onChange={(e) => {
                setCity(e.currentTarget.value);
                setCoords(null);
              }}
              {...errorProps(fields.city)}
            />
          </LocationColumn>
        </div>
        <button type="submit" className="btn btn-primary mt-3">
          {t("profileEdit:location.submit")}
        </button>
      </Form>
    </Section>
  );
}
