// The choices and limits the delete form shows; kept out of delete-account-schema.ts so the page loads
// without zod (the schema follows once the page is interactive).
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
