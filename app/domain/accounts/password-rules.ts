import type { TFunction } from "i18next";
import { z } from "zod";
import { PASSWORD_LIMITS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits";

/**
 * What a new password must be, the same everywhere (signup, password reset, change password in the
 * settings): shared by the browser and the server. Messages are in the "accounts" namespace.
 */
export {
  PASSWORD_HELP_KEY,
  PASSWORD_LIMITS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./password-limits";

/** Passwords that are guessed first; refused whatever their length. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
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

/** Letters and at least one digit, space or symbol. */
const isStrongPassword = (password: string) => /\p{L}/u.test(password) && /[^\p{L}]/u.test(password);

const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** The account a password is for: the e-mail address and, where known, the profile name. */
interface PasswordAccount {
  email: string | null;
  name?: string | null;
}

/** Whether the password is the account's e-mail address, its local part or the profile name (any case). */
export function isLikeAccount(password: string, { email, name }: PasswordAccount): boolean {
  const secret = password.trim().toLowerCase();
  const address = email?.trim().toLowerCase() ?? "";
  const taken = [address, address.split("@")[0] ?? "", name?.trim().toLowerCase() ?? ""];
  return taken.some((value) => value !== "" && value === secret);
}

/** The rules in the order they are checked; one message at a time (a short password is not also weak). */
export type PasswordProblem = "tooShort" | "tooLong" | "weak" | "common" | "likeAccount";

/** The rules that need nothing but the password itself (what a single form field can check). */
function fieldProblem(password: string): Exclude<PasswordProblem, "likeAccount"> | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (!isStrongPassword(password)) return "weak";
  if (isCommonPassword(password)) return "common";
  return null;
}

/** The first rule a new password breaks, or null when it is fine. */
export function passwordProblem(password: string, account: PasswordAccount): PasswordProblem | null {
  return fieldProblem(password) ?? (isLikeAccount(password, account) ? "likeAccount" : null);
}

/** The i18n key of each problem; translate with PASSWORD_LIMITS (see passwordProblemMessage). */
export const PASSWORD_PROBLEM_KEYS: Record<PasswordProblem, string> = {
  tooShort: "accounts:password.tooShort",
  tooLong: "accounts:password.tooLong",
  weak: "accounts:password.weak",
  common: "accounts:password.common",
  likeAccount: "accounts:password.likeAccount",
};

const PASSWORD_REQUIRED_KEY = "accounts:password.required";

export function passwordProblemMessage(t: TFunction, problem: PasswordProblem): string {
  return t(PASSWORD_PROBLEM_KEYS[problem], PASSWORD_LIMITS);
}

/**
 * One new-password form field: the rules that need only the password (length, strength, not common),
 * with at most one message. "Not like the account" needs the e-mail and name: the signup form checks
 * it across its fields, reset and change password on the server (passwordProblem).
 */
export function newPasswordSchema(t: TFunction) {
  return z.string({ error: t(PASSWORD_REQUIRED_KEY) }).check((ctx) => {
    const problem = fieldProblem(ctx.value);
    if (problem)
      ctx.issues.push({ code: "custom", input: ctx.value, message: passwordProblemMessage(t, problem) });
  });
}
