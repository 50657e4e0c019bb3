import type { TFunction } from "i18next";
import { z } from "zod";
import { ACTION_REASON_MAX, BAN_REASONS, CREDIT_ADJUSTMENT_MAX, type MemberAction } from "./member-actions";
import type { BanReason } from "~/generated/prisma/enums";

const ns = "staffMemberActions:validation";

/** The reason every action asks for (stored in the staff log). */
function reasonField(t: TFunction) {
  return z
    .string({ error: t(`${ns}.reasonRequired`) })
    .trim()
    .min(1, { error: t(`${ns}.reasonRequired`) })
    .max(ACTION_REASON_MAX, { error: t(`${ns}.reasonTooLong`, { max: ACTION_REASON_MAX }) });
}

/** The confirmation of an action that needs only the reason. */
export function actionReasonSchema(t: TFunction) {
  return z.object({ reason: reasonField(t) });
}

/** A ban: one reason from the policy's list, and the staff's own note. */
export function banSchema(t: TFunction) {
  return z.object({
    banReason: z.enum(BAN_REASONS, { error: t(`${ns}.banReasonRequired`) }),
    reason: reasonField(t),
  });
}

/** A credit adjustment: a whole number of credits to add (positive) or take (negative). */
export function creditAdjustmentSchema(t: TFunction) {
  const amount = t(`${ns}.amountInvalid`, { max: CREDIT_ADJUSTMENT_MAX });
  return z.object({
    amount: z
      .number({ error: amount })
      .int({ error: amount })
      .min(-CREDIT_ADJUSTMENT_MAX, { error: amount })
      .max(CREDIT_ADJUSTMENT_MAX, { error: amount })
      .refine((value) => value !== 0, { error: amount }),
    reason: reasonField(t),
  });
}

/** The fields of every action's confirmation form; which ones it has depends on the action. */
export type MemberActionInput = {
  reason: string;
  banReason?: BanReason;
  amount?: number;
};

/** The confirmation form of `action`: the ban adds its policy reason, the credits their amount. */
export function memberActionSchema(
  action: MemberAction,
  t: TFunction,
): z.ZodType<MemberActionInput, MemberActionInput> {
  if (action === "ban") return banSchema(t);
  if (action === "credits") return creditAdjustmentSchema(t);
  return actionReasonSchema(t);
}
