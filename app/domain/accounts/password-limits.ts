// Without zod, so the signup form can show the rules without loading the schemas (see password-rules.ts).
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes anything, but an unbounded password is an easy way to keep the server busy. */
export const PASSWORD_MAX_LENGTH = 128;

/** Interpolation values of the password messages ({{min}}, {{max}}). */
export const PASSWORD_LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

export const PASSWORD_HELP_KEY = "accounts:password.help";
