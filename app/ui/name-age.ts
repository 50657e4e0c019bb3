import type { TFunction } from "i18next";

/** "Anna, 34", or only the name when the site hides the age (`visible_profile_fields`). */
export function nameAge(
  t: TFunction,
  { name, age }: { name: string; age: number | null },
  key = "member.nameAge",
): string {
  return age === null ? name : t(key, { name, age });
}
