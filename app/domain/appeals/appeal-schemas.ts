import type { TFunction } from "i18next";
import { z } from "zod";
import { rowIdSchema } from "~/lib/row-id";
import { APPEAL_DECISIONS, APPEAL_TEXT_MAX, APPEAL_TEXT_MIN, DECISION_REASON_MAX } from "./appeal-fields";

// The appeal forms, shared by server and browser, with messages in the reader's language (the
// "appeals" namespace).

const ns = "appeals:validation";

function appealText(t: TFunction) {
  return z
    .string({ error: t(`${ns}.textRequired`, { min: APPEAL_TEXT_MIN }) })
    .trim()
    .min(APPEAL_TEXT_MIN, { error: t(`${ns}.textTooShort`, { min: APPEAL_TEXT_MIN }) })
    .max(APPEAL_TEXT_MAX, { error: t(`${ns}.textTooLong`, { max: APPEAL_TEXT_MAX }) });
}

/** An appeal against a rejected photo, from the member's photos page. */
export function photoAppealSchema(t: TFunction) {
  return z.object({
    intent: z.literal("appeal"),
    photoId: rowIdSchema,
    text: appealText(t),
  });
}

/**
 * An appeal against a ban, from the login page: the address and password again, so only who can
 * log in appeals for an account.
 */
export function banAppealSchema(t: TFunction) {
  return z.object({
    email: z
      .string({ error: t(`${ns}.emailRequired`) })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: t(`${ns}.emailInvalid`) })),
    password: z.string({ error: t(`${ns}.passwordRequired`) }).max(1024),
    text: appealText(t),
  });
}

/** Staff's decision on one appeal, with the reason the member is mailed. */
export function appealDecisionSchema(t: TFunction) {
  return z.object({
    appealId: rowIdSchema,
    decision: z.enum(APPEAL_DECISIONS, { error: t(`${ns}.decisionRequired`) }),
    reason: z
      .string({ error: t(`${ns}.reasonRequired`) })
      .trim()
      .min(1, { error: t(`${ns}.reasonRequired`) })
      .max(DECISION_REASON_MAX, { error: t(`${ns}.reasonTooLong`, { max: DECISION_REASON_MAX }) }),
  });
}
