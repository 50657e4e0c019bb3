import type { TFunction } from "i18next";
import { z } from "zod";
import type { DeleteReason } from "~/generated/prisma/enums";

/** The delete reasons (docs/product.md, Accounts), in the order the form shows them. */
export const DELETE_REASONS = [
  "price",
  "found_someone",
  "not_looking",
  "site_problems",
  "no_members",
  "time",
  "other",
] as const satisfies readonly DeleteReason[];

export const DELETE_REMARKS_MAX = 2000;

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
