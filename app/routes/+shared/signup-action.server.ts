import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect, type RouterContextProvider } from "react-router";
import { EMAIL_SUGGESTION_FIELD, suggestEmail } from "~/domain/accounts/email-suggestion";
import { DISPOSABLE_EMAIL_MESSAGE } from "~/domain/accounts/disposable-email.server";
import {
  signupSchema,
  signupStepSchema,
  type SignupFormStep,
  type SignupSettings,
} from "~/domain/accounts/signup-schema";
import { signUp } from "~/domain/accounts/signup.server";
import { LANDER_VISIT_FIELD } from "~/domain/landers/designs";
import { searchPlaces, type PlaceSearch } from "~/domain/profiles/place-search.server";
import type { ResolvedPlace } from "~/domain/profiles/geocoder.server";
import { clientIp } from "~/lib/client-ip.server";
import { isHoneypotFilled } from "~/lib/honeypot.server";
import { readForm } from "~/middleware/request-body.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { linkOrigin } from "~/middleware/link-origin.server";
import { createSession } from "~/middleware/session.server";
import { visitorAccess } from "~/middleware/visitor-access.server";
import {
  forgetDraft,
  keepDraft,
  readDraft,
  withTypedValues,
  type DraftValues,
  type SignupDraft,
  type SignupNext,
} from "./signup-draft.server";
import type { SignupRefusal, SignupView } from "~/ui/signup-form";

/** What a step answers in the signup modal when it moves on: the step to show next. */
interface SignupMoved {
  next: SignupFormStep;
}

export interface SignupActionOptions {
  /** A lander's form (step 0 on the lander itself): the account remembers this lander. */
  lander?: string | null;
  /** Where a new member goes after the account step. */
  next?: SignupNext;
}

/** The hidden field of the modal's forms: there a step that moves on answers data, not a redirect. */
export const IN_MODAL_FIELD = "in_modal";
/** The hidden field naming the step a form is; a form without one is the whole signup at once. */
export const STEP_FIELD = "step";

const STEPS = [0, 1, 2, 3] as const;
const isStep = (value: number): value is SignupFormStep => (STEPS as readonly number[]).includes(value);

function formOf(values: DraftValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.set(name, value);
  return form;
}

function placeOf(values: DraftValues, country: string): PlaceSearch {
  return searchPlaces(values.place ?? "", country, values.place_id);
}

/**
 * The first of the steps 0 to 2 whose values in the draft do not pass their checks (again: a draft
 * may be from yesterday, and the age rule or the place data may have changed), else 3.
 */
function reachedStep(values: DraftValues, t: TFunction, settings: SignupSettings, country: string) {
  const form = formOf(values);
  for (const step of [0, 1] as const) {
    if (parseWithZod(form, { schema: signupStepSchema(step, t, settings) }).status !== "success") return step;
  }
  return placeOf(values, country).status === "found" ? 3 : 2;
}

/** The step a signup page shows: the one asked for (`?step=`) if the steps before it are done, else the first to do. */
export async function signupView(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SignupView> {
  const { site, country } = context.get(requestInfoContext);
  const { values } = await readDraft(request);
  const reached = reachedStep(values, getInstance(context).t, site, country);
  const asked = Number(new URL(request.url).searchParams.get(STEP_FIELD) ?? Number.NaN);
  return { step: isStep(asked) && asked <= reached ? asked : reached, values };
}

/**
 * When the visitor pressed the hint's button (no JavaScript), the form continues with the suggested
 * address, as long as it is the suggestion for the typed one.
 */
function applyEmailSuggestionChoice(formData: FormData): void {
  const chosen = formData.get(EMAIL_SUGGESTION_FIELD);
  const typed = formData.get("email");
  formData.delete(EMAIL_SUGGESTION_FIELD);
  if (typeof chosen !== "string" || typeof typed !== "string") return;
  if (suggestEmail(typed) !== chosen) return;
  formData.set("email", chosen);
  formData.set("email_checked", chosen);
}

function placeLabel(place: ResolvedPlace): string {
  return `${[place.city, place.region].filter(Boolean).join(", ")} (${place.country})`;
}

const PLACE_ERROR_KEYS = {
  unknown: "signup:place.unknown",
  postcode: "signup:place.postcode",
  badPostcode: "signup:place.badPostcode",
  empty: "signup:place.required",
} as const;

/**
 * Every signup step's POST, for /signup and the landers (docs/product.md, Accounts): checks the
 * entry rules and the step's fields, keeps what was typed in the signed draft cookie, and moves to
 * the next step (a redirect; in the modal, data naming it). "Back" keeps what was typed and goes
 * one step back. The account step checks every earlier step again, then signs up (tracking data
 * from the URL or cookie, the lander the signup began on) and logs the new member in. A refusal
 * answers 400/403/429 with the step and the typed values (never the password).
 */
export async function signupStepAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: SignupActionOptions = {},
) {
  const { site, country } = context.get(requestInfoContext);
  const { t } = getInstance(context);
  const formData = await readForm(request);
  const inModal = formData.get(IN_MODAL_FIELD) === "1";
  const fromLander = options.lander !== undefined;
  const askedStep = Number(formData.get(STEP_FIELD) ?? 3);
  // A lander's own form is always step 0; a form without a step is the whole signup at once.
  const step: SignupFormStep = fromLander ? 0 : isStep(askedStep) ? askedStep : 3;
  applyEmailSuggestionChoice(formData);

  let draft: SignupDraft = withTypedValues(await readDraft(request), formData);
  // The lander a signup began on stays with it through the steps on /signup (and going back there).
  if (fromLander) {
    const lander = options.lander ?? null;
    const visit = formData.get(LANDER_VISIT_FIELD);
    draft = {
      ...draft,
      lander,
      visit: lander && typeof visit === "string" ? visit : null,
      next: options.next ?? "/signup-matches",
    };
  }
  const headers = new Headers({ "Set-Cookie": await keepDraft(draft) });
  const refuse = (body: Omit<SignupRefusal, "step"> & { step?: SignupFormStep }, status: number) =>
    data<SignupRefusal>({ step, ...body }, { status, headers });
  const moveTo = (next: SignupFormStep) =>
    inModal && !fromLander
      ? data<SignupMoved>({ next }, { headers })
      : redirect(`/signup?${STEP_FIELD}=${next}`, { headers });

  const { maySignUp, tracking } = visitorAccess(site, request);
  const stepSchema = signupStepSchema(step, t, site);
  if (!maySignUp) {
    const result = parseWithZod(formData, { schema: stepSchema }).reply({
      formErrors: [t("signup:errors.closed")],
      hideFields: ["password"],
    });
    return refuse({ result }, 403);
  }
  if (isHoneypotFilled(formData)) {
    const result = parseWithZod(formData, { schema: stepSchema }).reply({
      formErrors: [t("signup:errors.honeypot")],
      hideFields: ["password"],
    });
    return refuse({ result }, 400);
  }
  if (formData.get("intent") === "back") return moveTo(step === 0 ? 0 : ((step - 1) as SignupFormStep));

  if (step < 3) {
    const submission = parseWithZod(formData, { schema: stepSchema });
    const reply = (fieldErrors?: Record<string, string[]>) =>
      submission.reply({ fieldErrors, hideFields: ["password"] });
    if (submission.status !== "success") return refuse({ result: reply() }, 400);
    if (step !== 2) return moveTo((step + 1) as SignupFormStep);
    const search = placeOf(draft.values, country);
    if (search.status === "found") {
      draft = { ...draft, values: { ...draft.values, place_id: search.place.id } };
      headers.set("Set-Cookie", await keepDraft(draft));
      return moveTo(3);
    }
    if (search.status === "choose") {
      const places = search.places.map((place) => ({ id: place.id, label: placeLabel(place) }));
      return refuse({ result: reply(), places }, 200);
    }
    const message = t(PLACE_ERROR_KEYS[search.status], { place: draft.values.place ?? "" });
    return refuse({ result: reply({ place: [message] }) }, 400);
  }

  // The account step: the earlier steps' values come from the draft and are checked once more.
  const reached = reachedStep(draft.values, t, site, country);
  if (reached < 3) {
    const earlier = parseWithZod(formOf(draft.values), { schema: signupStepSchema(reached, t, site) });
    const fieldErrors =
      reached === 2 && earlier.status === "success"
        ? { place: [t(PLACE_ERROR_KEYS.unknown, { place: draft.values.place ?? "" })] }
        : undefined;
    const result = earlier.reply({
      formErrors: [t("signup:errors.incomplete")],
      fieldErrors,
      hideFields: ["password"],
    });
    return refuse({ step: reached, result }, 400);
  }
  const full = formOf(draft.values);
  for (const name of ["password", "accept_terms", "email_checked"]) {
    const value = formData.get(name);
    if (typeof value === "string") full.set(name, value);
  }
  const submission = parseWithZod(full, { schema: signupSchema(t, site) });
  const reply = (formErrors?: string[]) => submission.reply({ formErrors, hideFields: ["password"] });
  if (submission.status !== "success") return refuse({ result: reply() }, 400);
  const search = placeOf(draft.values, country);
  if (search.status !== "found") throw new Error("A place that passed the place step was not found again");

  const outcome = await signUp({
    site,
    values: submission.value,
    place: search.place,
    language: getLocale(context),
    country,
    ip: clientIp(request),
    tracking,
    lander: draft.lander,
    visit: draft.lander ? draft.visit : null,
    origin: linkOrigin(request, site),
  });
  switch (outcome.status) {
    case "created": {
      const done = new Headers({ "Set-Cookie": await forgetDraft() });
      done.append("Set-Cookie", await createSession(outcome.userId, request));
      return redirect(draft.next, { headers: done });
    }
    case "exists":
      return refuse({ result: reply(), existing: outcome.existing }, 400);
    case "suggestion":
      return refuse({ result: reply(), suggestion: outcome.suggestion }, 400);
    case "disposable":
      return refuse(
        {
          result: submission.reply({
            fieldErrors: { email: [t(DISPOSABLE_EMAIL_MESSAGE)] },
            hideFields: ["password"],
          }),
        },
        400,
      );
    case "rate_limited":
      return refuse({ result: reply([t("signup:errors.rateLimited")]) }, 429);
  }
}
