// Without zod, so the signup form can use it without loading the schemas (see signup-schema.ts).
export const SIGNUP_MESSAGE_MAX_LENGTH = 500;
