import type { TFunction } from "i18next";
import { z } from "zod";
import { looksLikeLink } from "~/domain/accounts/name-rules";
import { COMPLAINT_CATEGORIES, COMPLAINT_LIMITS } from "./complaint-fields";

/** The complaints form, shared by server and browser. */
export function complaintSchema(t: TFunction) {
  const reference = z
    .string()
    .trim()
    .max(COMPLAINT_LIMITS.reference, {
      error: t("complaints:validation.referenceTooLong", { max: COMPLAINT_LIMITS.reference }),
    })
    .optional();
  return z.object({
    name: z
      .string({ error: t("complaints:validation.nameRequired") })
      .trim()
      .min(1, { error: t("complaints:validation.nameRequired") })
      .max(COMPLAINT_LIMITS.name, {
        error: t("complaints:validation.nameTooLong", { max: COMPLAINT_LIMITS.name }),
      })
      .refine((value) => !looksLikeLink(value), { error: t("complaints:validation.nameLink") }),
    email: z
      .string({ error: t("complaints:validation.emailRequired") })
      .trim()
      .toLowerCase()
      .max(254, { error: t("complaints:validation.emailInvalid") })
      .pipe(z.email({ error: t("complaints:validation.emailInvalid") })),
    member: reference,
    message: reference,
    category: z.enum(COMPLAINT_CATEGORIES, { error: t("complaints:validation.categoryRequired") }),
    description: z
      .string({ error: t("complaints:validation.descriptionRequired") })
      .trim()
      .min(COMPLAINT_LIMITS.descriptionMin, {
        error: t("complaints:validation.descriptionTooShort", { min: COMPLAINT_LIMITS.descriptionMin }),
      })
      .max(COMPLAINT_LIMITS.descriptionMax, {
        error: t("complaints:validation.descriptionTooLong", { max: COMPLAINT_LIMITS.descriptionMax }),
      }),
  });
}

export type ComplaintInput = z.output<ReturnType<typeof complaintSchema>>;
