import { useTranslation } from "~/ui/use-translation";
import type { LanderEntry } from "~/domain/landers/designs";
import { hydrateLater } from "../hydrate-later";
import type { SignupActionData, SignupView } from "../signup-form";
import { InviteOnlyNotice } from "../signup-notices";
import { ResellOffer } from "./resell-offer";

// The form works as plain HTML until its code (the form library, the steps) has loaded.
const SignupForm = hydrateLater(() => import("../signup-form").then((m) => m.SignupForm));

/** A lander shows the first signup step; the next ones follow on /signup. */
const FIRST_STEP: SignupView = { step: 0, values: {} };

/**
 * The signup block of every lander (id `lander-signup`, the target of its links): the signup form
 * posting to the lander itself, or, when this visitor may not sign up here, the partner offer
 * (member_resell) or the invite-only notice.
 */
export function LanderSignup({
  entry,
  actionData,
  title,
  className = "",
}: {
  entry: Pick<LanderEntry, "signup" | "resell" | "action" | "bounceToken">;
  actionData?: SignupActionData | null;
  title?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section id="lander-signup" className={className} aria-labelledby="lander-signup-title">
      <h2 className="h4 text-primary" id="lander-signup-title">
        {title ?? t("landers:signup.title")}
      </h2>
      {entry.signup ? (
        <SignupForm
          settings={entry.signup}
          view={FIRST_STEP}
          actionData={actionData}
          action={entry.action}
          visit={entry.bounceToken}
        />
      ) : entry.resell ? (
        <ResellOffer offer={entry.resell} />
      ) : (
        <InviteOnlyNotice />
      )}
    </section>
  );
}
