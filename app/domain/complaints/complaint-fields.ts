// The complaint categories and the fields' limits the forms show; kept out of complaint-schema.ts
// so the pages load without zod (the schema follows once the page is interactive).
import type { ComplaintCategory } from "~/generated/prisma/enums";

export const COMPLAINT_CATEGORIES = [
  "fake_profile",
  "harassment",
  "spam",
  "minor",
  "illegal_content",
  "payment",
  "privacy",
  "other",
] as const satisfies readonly ComplaintCategory[];

export const COMPLAINT_LIMITS = {
  name: 100,
  reference: 200,
  descriptionMin: 20,
  descriptionMax: 5000,
} as const;
