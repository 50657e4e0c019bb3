// The SMS code that confirms a direct debit, as the code step tells the member about it; kept out of
// direct-debit-schema.ts so /directdebit loads without zod and the phone number library.

/** Digits in an SMS code, minutes it stays valid, and tries it allows. */
export const CODE_LENGTH = 6;
export const CODE_MINUTES = 10;
export const CODE_ATTEMPTS = 5;
