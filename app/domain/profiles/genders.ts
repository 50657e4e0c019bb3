import type { Gender, Sexuality } from "~/generated/prisma/enums";

export const GENDERS = ["male", "female"] as const satisfies readonly Gender[];

/** Hetero when the genders differ, otherwise gay (men) or lesbian (women). */
export function sexualityFor(gender: Gender, seekingGender: Gender): Sexuality {
  if (gender !== seekingGender) return "hetero";
  return gender === "male" ? "gay" : "lesbian";
}

/**
 * The sexuality a profile shows after its genders change: bi stays bi; hetero, gay and lesbian
 * follow the new pair, so the profile does not contradict whom the member seeks.
 */
export function sexualityAfterGenderChange(
  current: Sexuality | null,
  gender: Gender,
  seekingGender: Gender,
): Sexuality {
  return current === "bi" ? "bi" : sexualityFor(gender, seekingGender);
}
