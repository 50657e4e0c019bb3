import { rowIdSchema } from "~/lib/row-id";

/** A profile id from a URL segment, or null when it cannot be one. */
export function parseProfileId(value: string | undefined): number | null {
  const parsed = rowIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
