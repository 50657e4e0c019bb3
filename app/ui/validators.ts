// The forms' browser-side validation, loaded on demand (see lazy-validation.ts): the schemas are the
// ones the server checks with.
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { loginSchema } from "~/domain/accounts/login-schemas";
import { signupSchema, type SignupSettings } from "~/domain/accounts/signup-schema";

export function validateLogin(formData: FormData, t: TFunction) {
  return parseWithZod(formData, { schema: loginSchema(t) });
}

export function validateSignup(formData: FormData, t: TFunction, settings: SignupSettings) {
  return parseWithZod(formData, { schema: signupSchema(t, settings) });
}
