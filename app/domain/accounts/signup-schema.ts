import type { TFunction } from "i18next";
import { z } from "zod";
import { ageOn } from "~/domain/profiles/age";
import { PLACE_TEXT_MAX } from "~/domain/profiles/place-query";
import { GENDERS } from "~/domain/profiles/genders";
import { looksLikeLink } from "./name-rules";
import { isLikeAccount, newPasswordSchema, passwordProblemMessage } from "./password-rules";
import { SIGNUP_MESSAGE_MAX_LENGTH } from "./signup-limits";

export { SIGNUP_MESSAGE_MAX_LENGTH };

const NAME_MIN_LENGTH = 3;
const NAME_MAX_LENGTH = 30;
/** Older than this is taken for a typing error. */
const MAX_AGE = 120;

/**
 * A date of birth as the date input sends it (YYYY-MM-DD), or typed by hand as D-M-YYYY, D/M/YYYY
 * or D.M.YYYY; null when it is not a real calendar date. The result is midnight UTC.
 */
function parseDateOfBirth(value: string): Date | null {
  const input = value.trim();
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
  const local = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(input);
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) parts = [Number(local[3]), Number(local[2]), Number(local[1])];
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date;
}

export interface SignupSettings {
  minAge: number;
  usesSignupMessage: boolean;
}

function signupSchemas(t: TFunction, settings: SignupSettings, today: Date) {
  const minAge = settings.minAge;
  const dateRequired = t("signup:validation.dateOfBirthRequired", { min_age: minAge });
  const dateInvalid = t("signup:validation.dateOfBirthInvalid");

  const email = z
    .string({ error: t("signup:validation.emailRequired") })
    .trim()
    .toLowerCase()
    .max(254, { error: t("signup:validation.emailInvalid") })
    .pipe(z.email({ error: t("signup:validation.emailInvalid") }));
  const name = z
    .string({ error: t("signup:validation.nameRequired") })
    .trim()
    .min(NAME_MIN_LENGTH, {
      error: t("signup:validation.nameLength", { min: NAME_MIN_LENGTH, max: NAME_MAX_LENGTH }),
    })
    .max(NAME_MAX_LENGTH, {
      error: t("signup:validation.nameLength", { min: NAME_MIN_LENGTH, max: NAME_MAX_LENGTH }),
    })
    .refine((value) => !value.startsWith("@"), { error: t("signup:validation.nameStartsWithAt") });
  const password = newPasswordSchema(t);
  // No `abort` on field checks: an aborted field would stop the cross-field checks below.
  const validDate = (value: string) => {
    const date = parseDateOfBirth(value);
    return date !== null && date <= today && ageOn(date, today) <= MAX_AGE ? date : null;
  };
  const dateOfBirth = z
    .string({ error: dateRequired })
    .refine((value) => validDate(value) !== null, { error: dateInvalid })
    .refine(
      (value) => {
        const date = validDate(value);
        return date === null || ageOn(date, today) >= minAge;
      },
      { error: dateRequired },
    )
    .transform((value) => validDate(value)!);

  const fields = {
    email,
    name,
    password,
    date_of_birth: dateOfBirth,
    gender: z.enum(GENDERS, { error: t("signup:validation.genderRequired") }),
    seeking_gender: z.enum(GENDERS, { error: t("signup:validation.seekingGenderRequired") }),
    accept_terms: z
      .boolean({ error: t("signup:validation.termsRequired") })
      .refine((value) => value, { error: t("signup:validation.termsRequired") }),
    signup_message: settings.usesSignupMessage
      ? z
          .string()
          .trim()
          .max(SIGNUP_MESSAGE_MAX_LENGTH, {
            error: t("signup:validation.signupMessageTooLong", { max: SIGNUP_MESSAGE_MAX_LENGTH }),
          })
          .optional()
      : z.undefined().catch(undefined),
    /** The address for which the "Bedoelde je …?" hint was already shown (the visitor kept it). */
    email_checked: z.string().trim().toLowerCase().optional(),
  };
  const emailAndName = z.object({ email, name });
  const nameOnly = z.object({ name });
  const emailNameAndPassword = z.object({ email, name, password });

  // A name with a link is refused on the whole form: one that is the address itself gets only the
  // message that it must differ from the address.
  const withAccountChecks = <S extends z.ZodType<{ email: string; name: string; password: string }>>(
    schema: S,
  ) =>
    schema
      .refine((v) => v.name.toLowerCase() !== v.email, {
        path: ["name"],
        error: t("signup:validation.nameIsEmail"),
        when: (payload) => emailAndName.safeParse(payload.value).success,
      })
      .refine((v) => v.name.toLowerCase() === v.email || !looksLikeLink(v.name), {
        path: ["name"],
        error: t("signup:validation.nameLink"),
        when: (payload) => nameOnly.safeParse(payload.value).success,
      })
      .refine((v) => !isLikeAccount(v.password, v), {
        path: ["password"],
        error: passwordProblemMessage(t, "likeAccount"),
        when: (payload) => emailNameAndPassword.safeParse(payload.value).success,
      });

  const { gender, seeking_gender, date_of_birth, ...account } = fields;
  const place = z
    .string({ error: t("signup:place.required") })
    .trim()
    .min(1, { error: t("signup:place.required") })
    .max(PLACE_TEXT_MAX, { error: t("signup:place.unknown") });
  return {
    /** The whole signup (steps 0, 1 and 3; the place of step 2 is looked up on the server). */
    all: withAccountChecks(z.object(fields)),
    steps: [
      z.object({ gender, seeking_gender }),
      z.object({ date_of_birth }),
      z.object({ place, place_id: z.string().trim().max(20).optional() }),
      withAccountChecks(z.object(account)),
    ] as const,
  };
}

/**
 * The signup form (docs/product.md, Accounts), shared by the browser (validation on blur) and the server,
 * with messages in the visitor's language. `today` decides the age (tests pass a fixed day).
 */
export function signupSchema(t: TFunction, settings: SignupSettings, today: Date = new Date()) {
  return signupSchemas(t, settings, today).all;
}

/** The fields of the signup steps 0 to 3 (who, date of birth, place, account), one schema each. */
export const SIGNUP_FORM_STEPS = 4;
export type SignupFormStep = 0 | 1 | 2 | 3;

export function signupStepSchema(
  step: SignupFormStep,
  t: TFunction,
  settings: SignupSettings,
  today: Date = new Date(),
) {
  return signupSchemas(t, settings, today).steps[step];
}

export type SignupValues = z.output<ReturnType<typeof signupSchema>>;
