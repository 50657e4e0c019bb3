/** What a new password must be (settings, reset): shared by the browser and the server. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes anything, but an unbounded password is an easy way to keep the server busy. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "passwordTooShort" | "passwordTooLong" | "passwordIsEmail";

/** The first rule a new password breaks, or null when it is fine. */
export function passwordProblem(password: string, email: string | null): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  if (password.length > PASSWORD_MAX_LENGTH) return "passwordTooLong";
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) return "passwordIsEmail";
  return null;
}

/** The i18n key (namespace "settings") of each problem; values for the interpolation. */
export const PASSWORD_PROBLEM_KEYS: Record<PasswordProblem, string> = {
  passwordTooShort: "settings:validation.passwordTooShort",
  passwordTooLong: "settings:validation.passwordTooLong",
  passwordIsEmail: "settings:validation.passwordIsEmail",
};

export const PASSWORD_LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
