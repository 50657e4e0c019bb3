import { useTranslation } from "~/ui/use-translation";
import { Form, useSubmit } from "react-router";
import type { ChangeEvent } from "react";
import { regionLabelKey } from "~/domain/core/countries";
import {
  MAX_SEARCH_AGE,
  MIN_SEARCH_AGE,
  parseSearchParams,
  searchQuery,
  type SearchFilters,
} from "~/domain/search/filters";
import { requireSearchAccess } from "~/middleware/guards.server";
import { enabledSearchFields, limitToSearchFields, type SearchField } from "~/domain/search/search-fields";
import {
  defaultFilters,
  isSearchCountry,
  searchCountries,
  searchMembers,
  searchRegions,
} from "~/domain/search/search.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import { readListingVersion } from "~/domain/search/listing-cache.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { Pager } from "~/ui/pager";
import { MemberGrid, ResultCount } from "~/ui/search-results";
import type { Route } from "./+types/members";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["likes", "profile", "search"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireSearchAccess(context, request);
  const { site, country, searchViewer: viewerRead } = context.get(requestInfoContext);
  const parsed = parseSearchParams(new URL(request.url).searchParams, isSearchCountry);
  const viewer = user ? (viewerRead ?? (await searchViewer(user.id))) : null;
  const listingVersion = viewer ? viewer.listingVersion : await readListingVersion();
  // Only the filters the site's search_fields offers are shown and applied.
  const fields = enabledSearchFields(site.searchFields);
  const filters: SearchFilters = limitToSearchFields(
    parsed.given
      ? parsed.filters
      : defaultFilters(viewer, {
          country,
          siteCountries: site.countries,
          selectedCountry: site.geoipSelectedCountry,
        }),
    fields,
  );
  const regions =
    filters.country && fields.includes("countryregion")
      ? await searchRegions(filters.country, listingVersion)
      : [];
  if (filters.region && !regions.includes(filters.region)) filters.region = null;
  const result = await searchMembers({
    siteId: site.id,
    visibleFields: site.visibleProfileFields,
    viewer,
    listingVersion,
    filters,
    page: parsed.page,
    withSimilar: true,
  });
  return {
    filters,
    searched: parsed.given,
    fields,
    countries: searchCountries(site.countries),
    regions,
    result,
    title: getInstance(context).t("search:title"),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

/**
 * One end of the age range: a number field rather than a select of 82 ages (the two selects were
 * 5 KB and 330 elements of the search page). The server clamps what it gets to 18-99.
 */
function AgeInput({
  name,
  label,
  defaultValue,
  onChange,
}: {
  name: string;
  label: string;
  defaultValue: number;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      type="number"
      name={name}
      inputMode="numeric"
      min={MIN_SEARCH_AGE}
      max={MAX_SEARCH_AGE}
      className="form-control"
      aria-label={label}
      defaultValue={defaultValue}
      onChange={onChange}
    />
  );
}

function SearchForm({
  filters,
  fields,
  countries,
  regions,
}: {
  filters: SearchFilters;
  fields: SearchField[];
  countries: string[];
  regions: string[];
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const allAges = filters.minAge === null && filters.maxAge === null;
  // Typing an age range unticks "all ages", and ticking it sets the full range again (without
  // JavaScript the server tells the two apart by `ages_were`).
  const untickAllAges = (event: ChangeEvent<HTMLInputElement>) => {
    const box = event.currentTarget.form?.elements.namedItem("all_ages");
    if (box instanceof HTMLInputElement) box.checked = false;
  };
  const resetAgesWhenTicked = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (!event.currentTarget.checked || !form) return;
    for (const [name, age] of [
      ["min_age", MIN_SEARCH_AGE],
      ["max_age", MAX_SEARCH_AGE],
    ] as const) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = String(age);
    }
  };
  return (
    <Form
      method="get"
      action="/members"
      id="search-form"
      className="card card-body mb-4 search-form"
      aria-labelledby="search-form-heading"
    >
      <h2 id="search-form-heading" className="visually-hidden">
        {t("search:form.heading")}
      </h2>
      <div className="row g-3 align-items-end">
        {fields.includes("gender") && (
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="search-gender" className="form-label">
              {t("search:form.gender")}
            </label>
            <select
              id="search-gender"
              name="gender"
              className="form-select"
              defaultValue={filters.gender ?? ""}
            >
              <option value="">{t("search:form.anyGender")}</option>
              <option value="female">{t("profile:values.seekingGender.female")}</option>
              <option value="male">{t("profile:values.seekingGender.male")}</option>
            </select>
          </div>
        )}
        {fields.includes("country") && (
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="search-country" className="form-label">
              {t("search:form.country")}
            </label>
            <select
              id="search-country"
              name="country"
              className="form-select"
              defaultValue={filters.country ?? ""}
              // With JavaScript a new country is searched at once, so its regions can be offered.
              onChange={(event) => void submit(event.currentTarget.form)}
              aria-describedby={
                filters.country || !fields.includes("countryregion") ? undefined : "search-country-help"
              }
            >
              <option value="">{t("search:form.anyCountry")}</option>
              {countries.map((code) => (
                <option key={code} value={code}>
                  {t(`profile:countries.${code}`)}
                </option>
              ))}
            </select>
            {!filters.country && fields.includes("countryregion") && (
              <div id="search-country-help" className="form-text">
                {t("search:form.chooseCountryFirst")}
              </div>
            )}
          </div>
        )}
        {filters.country && fields.includes("countryregion") && (
          <div className="col-sm-6 col-lg-3">
            <input type="hidden" name="region_of" value={filters.country} />
            <label htmlFor="search-region" className="form-label">
              {t(regionLabelKey(filters.country))}
            </label>
            <select
              id="search-region"
              name="region"
              className="form-select"
              defaultValue={filters.region ?? ""}
            >
              <option value="">{t("search:form.anyRegion")}</option>
              {regions.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </select>
          </div>
        )}
        {(fields.includes("min_age") || fields.includes("max_age")) && (
          <fieldset className="col-sm-6 col-lg-3">
            <legend className="form-label fs-6 mb-2">{t("search:form.age")}</legend>
            <div className="input-group">
              {fields.includes("min_age") && (
                <AgeInput
                  name="min_age"
                  label={t("search:form.minAge")}
                  defaultValue={filters.minAge ?? MIN_SEARCH_AGE}
                  onChange={untickAllAges}
                />
              )}
              {fields.includes("min_age") && fields.includes("max_age") && (
                <span className="input-group-text">-</span>
              )}
              {fields.includes("max_age") && (
                <AgeInput
                  name="max_age"
                  label={t("search:form.maxAge")}
                  defaultValue={filters.maxAge ?? MAX_SEARCH_AGE}
                  onChange={untickAllAges}
                />
              )}
            </div>
            <div className="form-check mt-1">
              <input type="hidden" name="ages_were" value={allAges ? "all" : "range"} />
              <input
                id="search-all-ages"
                type="checkbox"
                name="all_ages"
                value="1"
                className="form-check-input"
                defaultChecked={allAges}
                onChange={resetAgesWhenTicked}
              />
              <label htmlFor="search-all-ages" className="form-check-label">
                {t("search:form.allAges")}
              </label>
            </div>
          </fieldset>
        )}
      </div>
      <div className="mt-3">
        <button type="submit" className="btn btn-primary">
          {t("search:form.submit")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The filters of the search shown, in one line ("Vrouwen, 25-45, Utrecht · Wijzig"): on a phone it
 * stands in for the form after a search, so the first results are on the first screen. "Wijzig"
 * opens the form by its address (`#search-form`, styles: `.search-fold`), also without JavaScript.
 */
function FilterSummary({ filters, fields }: { filters: SearchFilters; fields: SearchField[] }) {
  const { t } = useTranslation();
  const allAges = filters.minAge === null && filters.maxAge === null;
  const parts = [
    fields.includes("gender") &&
      (filters.gender ? t(`profile:values.seekingGender.${filters.gender}`) : t("search:form.anyGender")),
    (fields.includes("min_age") || fields.includes("max_age")) &&
      (allAges
        ? t("search:form.allAges")
        : `${filters.minAge ?? MIN_SEARCH_AGE}-${filters.maxAge ?? MAX_SEARCH_AGE}`),
    fields.includes("country") &&
      (filters.region ??
        (filters.country ? t(`profile:countries.${filters.country}`) : t("search:form.anyCountry"))),
  ].filter(Boolean);
  return (
    <p className="search-summary card card-body py-2 mb-3" data-testid="search-summary">
      {parts.join(", ")} · <a href="#search-form">{t("search:form.edit")}</a>
    </p>
  );
}

export default function MembersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filters, searched, fields, countries, regions, result } = loaderData;
  const query = searchQuery(filters);
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("search:title")}</h1>
      <div className={searched ? "search-fold" : undefined}>
        {searched && <FilterSummary filters={filters} fields={fields} />}
        {/* Remounted per search, so the fields show the filters of the page shown (also after Back). */}
        <SearchForm key={query} filters={filters} fields={fields} countries={countries} regions={regions} />
      </div>
      <section aria-labelledby="search-results-heading">
        <h2 id="search-results-heading" className="visually-hidden">
          {t("search:results.heading")}
        </h2>
        <ResultCount numResults={result.numResults} moreResults={result.moreResults} testId="search-count" />
        {result.members.length > 0 ? (
          <MemberGrid members={result.members} testId="search-results" opensPage />
        ) : (
          <p>{t("search:results.none")}</p>
        )}
        <Pager
          page={result.page}
          pageCount={result.pageCount}
          morePages={result.morePages}
          queryFor={(page) => searchQuery(filters, page)}
        />
      </section>
      {result.similar && result.similar.numResults > 0 && (
        <section aria-labelledby="similar-results-heading" className="mt-4">
          <h2 id="similar-results-heading" className="h4">
            {t("search:results.similarHeading")}
          </h2>
          <p data-testid="similar-count">
            {result.similar.moreResults
              ? t("search:results.similarCountMore", { count: result.similar.numResults })
              : t("search:results.similarCount", { count: result.similar.numResults })}
          </p>
          <MemberGrid members={result.similar.members} testId="similar-results" />
        </section>
      )}
    </main>
  );
}
