import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import {
  aboutSchema,
  fieldsSchema,
  genderSchema,
  interestsSchema,
  locationSchema,
} from "~/domain/profiles/profile-edit-schemas";
import type { ProfileIntent } from "~/domain/profiles/profile-edit-fields";
import {
  saveAboutMe,
  saveGenders,
  saveInterests,
  saveLivingArea,
  saveProfileFields,
} from "~/domain/profiles/profile-edit.server";

/** One handler per `intent` of the profile page; each gets the posted form and whose profile it is. */
export interface ProfileIntentArgs {
  formData: FormData;
  userId: number;
  t: TFunction;
}

/** A refused form goes back to the page with its errors; `intent` says which form they belong to. */
const refused = (intent: ProfileIntent, result: SubmissionResult<string[]>) =>
  data({ intent, result }, { status: 400 });

/** A saved form redirects back to its own section, with the confirmation. */
const saved = (intent: ProfileIntent) => redirect(`/profile?saved=${intent}#${intent}`);

export async function genderIntent({ formData, userId, t }: ProfileIntentArgs) {
  const submission = parseWithZod(formData, { schema: genderSchema(t) });
  if (submission.status !== "success") return refused("gender", submission.reply());
  const { gender, seekingGender } = submission.value;
  await saveGenders(userId, { gender, seekingGender });
  return saved("gender");
}

export async function aboutIntent({ formData, userId, t }: ProfileIntentArgs) {
  const submission = parseWithZod(formData, { schema: aboutSchema(t) });
  if (submission.status !== "success") return refused("about", submission.reply());
  await saveAboutMe(userId, submission.value.aboutMe);
  return saved("about");
}

export async function locationIntent({ formData, userId, t }: ProfileIntentArgs) {
  const submission = parseWithZod(formData, { schema: locationSchema(t) });
  if (submission.status !== "success") return refused("location", submission.reply());
  await saveLivingArea(userId, submission.value);
  return saved("location");
}

export async function fieldsIntent({ formData, userId, t }: ProfileIntentArgs) {
  const submission = parseWithZod(formData, { schema: fieldsSchema(t) });
  if (submission.status !== "success") return refused("fields", submission.reply());
  const { intent: _intent, ...fields } = submission.value;
  await saveProfileFields(userId, fields);
  return saved("fields");
}

export async function interestsIntent({ formData, userId, t }: ProfileIntentArgs) {
  const submission = parseWithZod(formData, { schema: interestsSchema(t) });
  if (submission.status !== "success") return refused("interests", submission.reply());
  await saveInterests(userId, submission.value.interests);
  return saved("interests");
}
