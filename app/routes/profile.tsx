import { data, useSearchParams } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { requireUser } from "~/middleware/guards.server";
import {
  aboutIntent,
  fieldsIntent,
  genderIntent,
  interestsIntent,
  locationIntent,
} from "~/routes/+profile/profile-intents.server";
import {
  PROFILE_FIELD_NAMES,
  VISIBILITY_KEYS,
  type ProfileIntent,
} from "~/domain/profiles/profile-edit-fields";
import { loadOwnProfile } from "~/domain/profiles/profile-edit.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { AboutForm } from "~/ui/profile-edit/about-form";
import { BasicsSection } from "~/ui/profile-edit/basics-section";
import { FieldsForm } from "~/ui/profile-edit/fields-form";
import { GenderForm } from "~/ui/profile-edit/gender-form";
import { InterestsForm } from "~/ui/profile-edit/interests-form";
import { LocationForm } from "~/ui/profile-edit/location-form";
import { SavedNotice } from "~/ui/profile-edit/saved-notice";
import type { Route } from "./+types/profile";
import { readForm } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["profile", "profileEdit"] };

/** Accounts without a profile (staff) have no profile page. */
function requireProfileOwner(context: Route.LoaderArgs["context"], request: Request) {
  const user = requireUser(context, request);
  if (!user.profile) throw data(null, { status: 404 });
  return user;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireProfileOwner(context, request);
  const { site } = context.get(requestInfoContext);
  return {
    profile: await loadOwnProfile(user.id),
    visibleFields: site.visibleProfileFields,
    siteName: site.name,
    title: getInstance(context).t("profileEdit:title"),
  };
}

/** One page, five forms; the `intent` field says which one was sent. Saved forms redirect back. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireProfileOwner(context, request);
  const formData = await readForm(request);
  const args = { formData, userId: user.id, t: getInstance(context).t };
  switch (formData.get("intent")) {
    case "gender":
      return genderIntent(args);
    case "about":
      return aboutIntent(args);
    case "location":
      return locationIntent(args);
    case "fields":
      return fieldsIntent(args);
    case "interests":
      return interestsIntent(args);
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function ProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { profile, visibleFields } = loaderData;
  const isVisible = (key: keyof typeof VISIBILITY_KEYS) => visibleFields.includes(VISIBILITY_KEYS[key]);
  const resultFor = (intent: ProfileIntent) =>
    actionData?.intent === intent ? actionData.result : undefined;
  return (
    <main className="container py-4" style={{ maxWidth: 820 }}>
      <h1 className="h3 text-primary">{t("profileEdit:title")}</h1>
      <p className="text-body-secondary">{t("profileEdit:intro")}</p>
      {!actionData && <SavedNotice saved={searchParams.get("saved")} />}
      <BasicsSection
        name={profile.name}
        age={profile.age}
        dateOfBirth={profile.dateOfBirth}
        ageVisible={visibleFields.includes("age")}
      />
      <GenderForm
        values={profile}
        result={resultFor("gender")}
        genderVisible={visibleFields.includes("gender")}
      />
      <AboutForm aboutMe={profile.aboutMe} result={resultFor("about")} />
      <LocationForm
        saved={profile}
        result={resultFor("location")}
        regionVisible={isVisible("region")}
        cityVisible={isVisible("city")}
      />
      {/* Saving the genders can change the sexuality: the form starts again from the stored values. */}
      <FieldsForm
        key={PROFILE_FIELD_NAMES.map((name) => profile[name]).join()}
        values={profile}
        result={resultFor("fields")}
        isVisible={isVisible}
      />
      <InterestsForm
        interests={profile.interests}
        result={resultFor("interests")}
        visible={isVisible("interests")}
      />
    </main>
  );
}
