import type { TFunction } from "i18next";
import { z } from "zod";
import { ageOn } from "~/domain/profiles/age";

export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const SIGNUP_MESSAGE_MAX_LENGTH = 500;
/** Older than this is taken for a typing error. */
const MAX_AGE = 120;

const GENDERS = ["male", "female"] as const;

/** Passwords that are guessed first; refused whatever their length. */
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password123",
  "wachtwoord",
  "wachtwoord1",
  "wachtwoord123",
  "passwort",
  "passwort1",
  "motdepasse",
  "12345678",
  "123456789",
  "1234567890",
  "87654321",
  "11111111",
  "00000000",
  "abcd1234",
  "abc12345",
  "qwerty123",
  "qwertyuiop",
  "azerty123",
  "iloveyou",
  "iloveyou1",
  "welkom01",
  "welkom123",
  "hallo123",
  "letmein1",
  "admin123",
  "sunshine1",
  "princess1",
  "football1",
]);

/**
 * A date of birth as the date input sends it (YYYY-MM-DD), or typed by hand as D-M-YYYY, D/M/YYYY
 * or D.M.YYYY; null when it is not a real calendar date. The result is midnight UTC.
 */
export function parseDateOfBirth(value: string): Date | null {
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

/** Letters and at least one digit, space or symbol. */
const isStrong = (value: string) => /\p{L}/u.test(value) && /[^\p{L}]/u.test(value);

export interface SignupSettings {
  minAge: number;
  usesSignupMessage: boolean;
}

/**
 * The signup form (SPEC sections 3 and 5), shared by the browser (validation on blur) and the server,
 * with messages in the visitor's language. `today` decides the age (tests pass a fixed day).
 */
export function signupSchema(t: TFunction, settings: SignupSettings, today: Date = new Date()) {
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
  const password = z
    .string({ error: t("signup:validation.passwordRequired") })
    .min(PASSWORD_MIN_LENGTH, {
      error: t("signup:validation.passwordTooShort", { min: PASSWORD_MIN_LENGTH }),
    })
    .max(PASSWORD_MAX_LENGTH, { error: t("signup:validation.passwordTooLong", { max: PASSWORD_MAX_LENGTH }) })
    // One message at a time: a short password is not also called weak, a weak one not also common.
    .refine((value) => value.length < PASSWORD_MIN_LENGTH || isStrong(value), {
      error: t("signup:validation.passwordWeak"),
    })
    .refine((value) => !isStrong(value) || !COMMON_PASSWORDS.has(value.toLowerCase()), {
      error: t("signup:validation.passwordCommon"),
    });
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

  const shape = {
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
  const emailNameAndPassword = z.object({ email, name, password });

  return z
    .object(shape)
    .refine((v) => v.name.toLowerCase() !== v.email, {
      path: ["name"],
      error: t("signup:validation.nameIsEmail"),
      when: (payload) => emailAndName.safeParse(payload.value).success,
    })
    .refine(
      (v) => {
        const secret = v.password.toLowerCase();
        return secret !== v.email && secret !== v.email.split("@")[0] && secret !== v.name.toLowerCase();
      },
      {
        path: ["password"],
        error: t("signup:validation.passwordLikeAccount"),
        when: (payload) => emailNameAndPassword.safeParse(payload.value).success,
      },
    );
}

export type SignupValues = z.output<ReturnType<typeof signupSchema>>;

/** "Verkeerd e-mailadres?" on the complete-signup step (SPEC section 5's texts for a new address). */
export function changeSignupEmailSchema(t: TFunction) {
  return z.object({
    intent: z.literal("change_email"),
    new_email: z
      .string({ error: t("signup:complete.invalid") })
      .trim()
      .toLowerCase()
      .max(254, { error: t("signup:complete.invalid") })
      .pipe(z.email({ error: t("signup:complete.invalid") })),
  });
}
