import type { TFunction } from "i18next";
import { z } from "zod";
import { STAFF_ROLES } from "~/domain/core/staff-roles";
import { rowIdSchema } from "~/lib/row-id";
import { emailField } from "./email";

/** The invitation form of /staff/team, shared by the browser and the server. */
export function staffInviteSchema(t: TFunction) {
  return z.object({
    intent: z.literal("invite"),
    email: emailField(t, {
      required: "staffAdmin:team.errors.email",
      invalid: "staffAdmin:team.errors.email",
    }),
    role: z.enum(STAFF_ROLES, { error: t("staffAdmin:team.errors.role") }),
  });
}

export type StaffInviteInput = z.output<ReturnType<typeof staffInviteSchema>>;

/** A role change or a revocation of one staff account (buttons in the list). */
export const staffChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), id: rowIdSchema, role: z.enum(STAFF_ROLES) }),
  z.object({ intent: z.literal("revoke"), id: rowIdSchema }),
]);
