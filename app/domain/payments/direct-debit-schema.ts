// The /directdebit forms (fields otp, account_holder, iban, street,
// house_number, zip, city, phone), shared by the browser (checks on blur) and the server.
import type { TFunction } from "i18next";
import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js/mobile";
import { z } from "zod";
import { MAX_ROW_ID, rowIdSchema } from "~/lib/row-id";
import { CODE_LENGTH } from "./direct-debit-code";

/** An IBAN as typed (spaces, lower case) in electronic format, when it is a valid one of a SEPA country. */
function sepaIban(value: string): string | null {
  const iban = electronicFormatIBAN(value);
  if (!iban || !isValidIBAN(iban)) return null;
  const { countryCode } = extractIBAN(iban);
  return countryCode && isSEPACountry(countryCode) ? iban : null;
}

/** An IBAN for people: in groups of four, only the last four digits shown. */
export function maskedIban(iban: string): string {
  const masked = iban.slice(0, 4) + "•".repeat(Math.max(iban.length - 8, 0)) + iban.slice(-4);
  return masked.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * A mobile number as typed, in E.164 (+31612345678), when it is a valid mobile number; national
 * numbers are read for `country` (the member's), international ones (+32 …) for their own.
 */
function mobileE164(value: string, country: string): string | null {
  const number = parsePhoneNumberFromString(value, { defaultCountry: country as CountryCode });
  return number?.isValid() ? number.number : null;
}

/**
 * Whether a mobile number (E.164) is one of the member's country or of the IBAN's country, by its
 * calling code (so +39 serves Italy and the Vatican alike): codes are texted only there, never to
 * numbers anywhere in the world (SMS pumping).
 */
export function phoneOfCountry(e164: string, country: string, iban: string): boolean {
  const callingCode = parsePhoneNumberFromString(e164)?.countryCallingCode;
  return [country, iban.slice(0, 2)].some(
    (code) =>
      isSupportedCountry(code.toUpperCase()) &&
      getCountryCallingCode(code.toUpperCase() as CountryCode) === callingCode,
  );
}

/** A phone number for people: all but the last two digits hidden. */
export function maskedPhone(e164: string): string {
  return e164.slice(0, 3) + e164.slice(3, -2).replace(/\d/g, "•") + e164.slice(-2);
}

/** The details step: the package and the account, the address and the phone for the SMS code. */
export function directDebitSchema(t: TFunction, country: string) {
  const text = (key: string, max: number) =>
    z
      .string({ error: t(`directDebit:validation.${key}`) })
      .trim()
      .min(1, { error: t(`directDebit:validation.${key}`) })
      .max(max, { error: t(`directDebit:validation.${key}`) });
  return z
    .object({
      intent: z.literal("details"),
      package: z.coerce
        .number({ error: t("directDebit:validation.package") })
        .int({ error: t("directDebit:validation.package") })
        .positive({ error: t("directDebit:validation.package") })
        .max(MAX_ROW_ID, { error: t("directDebit:validation.package") }),
      account_holder: text("accountHolder", 70).refine((v) => v.length >= 2, {
        error: t("directDebit:validation.accountHolder"),
      }),
      iban: z
        .string({ error: t("directDebit:validation.iban") })
        .max(50, { error: t("directDebit:validation.iban") })
        .refine((v) => sepaIban(v) !== null, { error: t("directDebit:validation.iban") })
        .transform((v) => sepaIban(v)!),
      street: text("street", 100),
      house_number: text("houseNumber", 20),
      zip: text("zip", 12),
      city: text("city", 80),
      phone: z
        .string({ error: t("directDebit:validation.phone") })
        .max(30, { error: t("directDebit:validation.phone") })
        .refine((v) => mobileE164(v, country) !== null, { error: t("directDebit:validation.phone") })
        .transform((v) => mobileE164(v, country)!),
      consent: z
        .boolean({ error: t("directDebit:validation.consent") })
        .refine((v) => v, { error: t("directDebit:validation.consent") }),
    })
    .refine(
      (v) => {
        // Checked once the number and the IBAN are valid (their own messages come first).
        const [phone, iban] = [mobileE164(v.phone, country), sepaIban(v.iban)];
        return phone === null || iban === null || phoneOfCountry(phone, country, iban);
      },
      { error: t("directDebit:errors.foreignPhone"), path: ["phone"] },
    );
}

export type DirectDebitValues = z.output<ReturnType<typeof directDebitSchema>>;

/** The code step: the request and the code from the SMS ("Code ongeldig" for anything else). */
export function directDebitCodeSchema(t: TFunction) {
  return z.object({
    intent: z.literal("confirm"),
    request: rowIdSchema,
    otp: z
      .string({ error: t("directDebit:errors.invalidCode") })
      .trim()
      .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: t("directDebit:errors.invalidCode") }),
  });
}
