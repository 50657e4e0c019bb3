// What the appeal forms ask (docs/product.md, Appeals), without zod, so pages can show the limits
// without loading the schemas (decision 0057).

/** An appeal's text: enough to say why, short enough to read in the queue. */
export const APPEAL_TEXT_MIN = 20;
export const APPEAL_TEXT_MAX = 1000;

/** What staff decide about an appeal. */
export const APPEAL_DECISIONS = ["granted", "refused"] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/** The staff's reason, mailed to the member with the outcome. */
export const DECISION_REASON_MAX = 500;
