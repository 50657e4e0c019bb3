import type { TFunction } from "i18next";
import { z } from "zod";
import { MAILING_BODY_MAX, MAILING_KINDS, MAILING_LANGUAGES, MAILING_SUBJECT_MAX } from "./mailing-types";

/** The staff form's fields (validated the same on server and client). */
export function mailingSchema(t: TFunction) {
  return z.object({
    kind: z.enum(MAILING_KINDS, { error: t("mailings:staff.errors.kind") }),
    language: z.enum(MAILING_LANGUAGES, { error: t("mailings:staff.errors.language") }),
    subject: z
      .string({ error: t("mailings:staff.errors.subject") })
      .trim()
      .min(1, t("mailings:staff.errors.subject"))
      .max(MAILING_SUBJECT_MAX, t("mailings:staff.errors.tooLong", { max: MAILING_SUBJECT_MAX })),
    body: z
      .string({ error: t("mailings:staff.errors.body") })
      .trim()
      .min(1, t("mailings:staff.errors.body"))
      .max(MAILING_BODY_MAX, t("mailings:staff.errors.tooLong", { max: MAILING_BODY_MAX })),
  });
}

export type MailingInput = z.output<ReturnType<typeof mailingSchema>>;
