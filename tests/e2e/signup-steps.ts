// Going through the signup steps (docs/product.md, Accounts) on the /signup page, in the signup
// modal or after a lander's first step, with or without JavaScript.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const SIGNUP_PASSWORD = "Zomer-2026!";

type Scope = Page | Locator;

export interface SignupDetails {
  email: string;
  name?: string;
  password?: string;
  dateOfBirth?: string;
  place?: string;
  gender?: "Man" | "Vrouw";
  seeking?: "Man" | "Vrouw";
}

export const STEP_TITLES = {
  who: "Wie ben je en wie zoek je?",
  birth: "Wanneer ben je geboren?",
  place: "Waar woon je?",
  account: "Maak je account aan",
} as const;

/** Waits for a step (its title) to show: with JavaScript the next step replaces the last in place. */
export async function atStep(scope: Scope, step: keyof typeof STEP_TITLES) {
  await expect(scope.getByRole("heading", { name: STEP_TITLES[step] })).toBeVisible();
}

export async function next(scope: Scope) {
  await scope.getByRole("button", { name: "Volgende" }).click();
}

/** Step 0: whom the visitor is and seeks, then on. */
export async function whoStep(scope: Scope, details: Pick<SignupDetails, "gender" | "seeking"> = {}) {
  await atStep(scope, "who");
  await scope
    .getByRole("group", { name: "Ik ben een" })
    .getByLabel(details.gender ?? "Vrouw")
    .check();
  await scope
    .getByRole("group", { name: "Ik zoek een" })
    .getByLabel(details.seeking ?? "Man")
    .check();
  await next(scope);
}

/** Step 1: the date of birth, then on. */
export async function birthStep(scope: Scope, dateOfBirth = "1990-05-05") {
  await atStep(scope, "birth");
  await scope.getByLabel("Geboortedatum").fill(dateOfBirth);
  await next(scope);
}

/** Step 2: where the visitor lives (a name the offline place data knows once), then on. */
export async function placeStep(scope: Scope, place = "Utrecht") {
  await atStep(scope, "place");
  await scope.getByLabel("Woonplaats").fill(place);
  await next(scope);
}

/** Step 3's fields and the terms; the caller presses the button. */
export async function fillAccountStep(scope: Scope, details: SignupDetails) {
  await atStep(scope, "account");
  await scope.getByLabel("E-mailadres").fill(details.email);
  await scope.getByLabel("Profielnaam").fill(details.name ?? `Nieuw${Math.floor(Math.random() * 10000)}`);
  await scope.getByLabel("Wachtwoord").fill(details.password ?? SIGNUP_PASSWORD);
  await scope.getByRole("checkbox", { name: /Ik ga akkoord met de algemene voorwaarden/ }).check();
}

/** Steps 0 to 2 with the details' values (or ordinary ones), up to the account step. */
export async function toAccountStep(scope: Scope, details: SignupDetails) {
  await whoStep(scope, details);
  await birthStep(scope, details.dateOfBirth);
  await placeStep(scope, details.place);
}

/** The whole signup from step 0: ends on the page after the account step. */
export async function signUpInSteps(scope: Scope, details: SignupDetails) {
  await toAccountStep(scope, details);
  await fillAccountStep(scope, details);
  await scope.getByRole("button", { name: "Gratis aanmelden" }).click();
}
