import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import {
  MATCH_AGES,
  MATCH_APPEARANCES,
  MATCH_RACES,
  matchFinderQuery,
  parseMatchFinderParams,
  type MatchFinderOptions,
} from "~/domain/search/match-finder";
import { findMatches } from "~/domain/search/match-finder.server";
import { requireSearchAccess } from "~/middleware/guards.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { Pager } from "~/ui/pager";
import { MemberGrid, ResultCount } from "~/ui/search-results";
import type { Route } from "./+types/match-finder";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["likes", "search"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireSearchAccess(context, request);
  const { site, country } = context.get(requestInfoContext);
  const { submitted, options, page } = parseMatchFinderParams(new URL(request.url).searchParams);
  const matches = submitted
    ? await findMatches({
        siteId: site.id,
        visibleFields: site.visibleProfileFields,
        viewer: user ? await searchViewer(user.id) : null,
        options,
        page,
        visitor: { country, siteCountries: site.countries, selectedCountry: site.geoipSelectedCountry },
      })
    : null;
  return {
    options,
    matches,
    title: getInstance(context).t("search:matchFinder.title"),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

function Choice<T extends string>({
  name,
  values,
  current,
}: {
  name: "age" | "appearance" | "race";
  values: readonly T[];
  current: T | null;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{t(`search:matchFinder.${name}.label`)}</legend>
      {values.map((value) => (
        <div key={value} className="form-check form-check-inline">
          <input
            id={`match-${name}-${value}`}
            type="radio"
            name={name}
            value={value}
            className="form-check-input"
            defaultChecked={current === value}
          />
          <label htmlFor={`match-${name}-${value}`} className="form-check-label">
            {t(`search:matchFinder.${name}.${value}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export default function MatchFinderRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { options, matches } = loaderData;
  const current: MatchFinderOptions = options;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("search:matchFinder.title")}</h1>
      <p>{t("search:matchFinder.intro")}</p>
      <Form
        key={matchFinderQuery(current)}
        method="get"
        action="/match-finder"
        className="card card-body mb-4"
        aria-describedby="match-finder-help"
      >
        <Choice name="age" values={MATCH_AGES} current={current.age} />
        <Choice name="appearance" values={MATCH_APPEARANCES} current={current.appearance} />
        <Choice name="race" values={MATCH_RACES} current={current.race} />
        <p id="match-finder-help" className="form-text mt-0">
          {t("search:matchFinder.help")}
        </p>
        <div>
          <button type="submit" name="find" value="1" className="btn btn-primary">
            {t("search:matchFinder.submit")}
          </button>
        </div>
      </Form>
      {matches && (
        <section aria-labelledby="match-results-heading">
          <h2 id="match-results-heading" className="h4">
            {t("search:matchFinder.resultsHeading")}
          </h2>
          <ResultCount
            numResults={matches.numResults}
            moreResults={matches.moreResults}
            testId="match-count"
          />
          {matches.members.length > 0 ? (
            <MemberGrid members={matches.members} testId="match-results" opensPage />
          ) : (
            <p>{t("search:matchFinder.none")}</p>
          )}
          <Pager
            page={matches.page}
            pageCount={matches.pageCount}
            morePages={matches.morePages}
            queryFor={(page) => matchFinderQuery(current, page)}
          />
        </section>
      )}
      <p className="mt-4">
        <Link to="/members">{t("search:matchFinder.searchLink")}</Link>
      </p>
    </main>
  );
}
