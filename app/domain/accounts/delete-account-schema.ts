import type { TFunction } from "i18next";
import { z } from "zod";
import { DELETE_REASONS, DELETE_REMARKS_MAX } from "./delete-reasons";

/** The delete confirmation form, shared by server and browser. */
export function deleteAccountSchema(t: TFunction) {
  return z.object({
    reason: z.enum(DELETE_REASONS, { error: t("accountDelete:validation.reasonRequired") }),
    remarks: z
      .string()
      .trim()
      .max(DELETE_REMARKS_MAX, {
        error: t("accountDelete:validation.remarksTooLong", { max: DELETE_REMARKS_MAX }),
      })
      .optional(),
    password: z.string({ error: t("accountDelete:validation.passwordRequired") }),
  });
}
