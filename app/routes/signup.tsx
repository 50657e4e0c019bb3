import type { ShouldRevalidateFunction } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { requireAnonymous } from "~/middleware/guards.server";
import { signupStepAction, signupView } from "~/routes/+shared/signup-action.server";
import { visitorAccess } from "~/middleware/visitor-access.server";
import { resellOffer } from "~/domain/landers/resell.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { ResellOffer } from "~/ui/landers/resell-offer";
import { hydrateLater } from "~/ui/hydrate-later";
import type { SignupPageData } from "~/ui/signup-form";
import { InviteOnlyNotice } from "~/ui/signup-notices";
import type { Route } from "./+types/signup";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

// The form works as plain HTML until its code (the form library, the steps) has loaded.
const SignupForm = hydrateLater(() => import("~/ui/signup-form").then((m) => m.SignupForm));

export const handle: TranslationHandle = { i18n: ["accounts", "resell", "signup"] };

/** The signup steps 0 to 3 (`?step=`; docs/product.md, Accounts): the page, and what the modal loads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const { site } = context.get(requestInfoContext);
  const access = visitorAccess(site, request);
  const settings: SignupPageData = {
    open: access.maySignUp,
    minAge: site.minAge,
    usesSignupMessage: site.usesSignupMessage,
    supportEmail: site.supportEmail,
  };
  return {
    settings,
    view: await signupView(request, context),
    resell: access.maySignUp ? null : resellOffer(site, access.tracking),
    title: getInstance(context).t("signup:title"),
    siteName: site.name,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  return signupStepAction(request, context);
}

/**
 * The steps load again only on the signup page itself. The signup modal (a fetcher on another
 * page) loads each step itself: reloaded after its last step, when the new member is logged in,
 * the loader would redirect the page away from where the signup sends it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === "/signup" && nextUrl.pathname === "/signup" ? defaultShouldRevalidate : false);

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data);

export default function SignupRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-primary">{t("signup:title")}</h1>
      {loaderData.settings.open ? (
        <>
          {loaderData.view.step === 0 && <p>{t("signup:intro")}</p>}
          <SignupForm settings={loaderData.settings} view={loaderData.view} actionData={actionData} />
        </>
      ) : (
        <>
          <InviteOnlyNotice />
          {loaderData.resell && <ResellOffer offer={loaderData.resell} />}
        </>
      )}
    </main>
  );
}
