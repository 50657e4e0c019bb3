import type { TFunction } from "i18next";
import { z } from "zod";

/**
 * The terms form (`/terms/accept`), shared by the browser and the server: the box that says the
 * member read and accepts the terms and privacy policy, and where to go on afterwards (checked as a
 * path on this site by the action, as the login's is).
 */
export function termsAcceptanceSchema(t: TFunction) {
  const required = t("consent:accept.required");
  return z.object({
    accept_terms: z.boolean({ error: required }).refine((value) => value, { error: required }),
    redirectTo: z.string().optional(),
  });
}
