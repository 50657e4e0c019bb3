import { db } from "~/lib/db.server";
import type { Gender } from "~/generated/prisma/enums";
import { ageOn } from "./age";
import { sexualityAfterGenderChange } from "./genders";
import type { InterestCode } from "~/domain/core/interests";
import type { ProfileFieldName, PROFILE_FIELD_VALUES } from "./profile-edit-fields";
import type { ProfileCountry } from "~/domain/core/countries";

type FieldValues = { [K in ProfileFieldName]: (typeof PROFILE_FIELD_VALUES)[K][number] | null };

/** What the owner sees and edits on /profile (only for the owner: it holds the date of birth). */
export async function loadOwnProfile(userId: number) {
  const profile = await db().profile.findUniqueOrThrow({
    where: { userId },
    select: {
      id: true,
      name: true,
      gender: true,
      seekingGender: true,
      dateOfBirth: true,
      country: true,
      region: true,
      city: true,
      aboutMe: true,
      sexuality: true,
      relationshipStatus: true,
      hairColor: true,
      eyeColor: true,
      bodyType: true,
      tattoos: true,
      reason: true,
      interests: { select: { interestCode: true }, orderBy: { interest: { sortOrder: "asc" } } },
    },
  });
  const { interests, dateOfBirth, ...rest } = profile;
  return {
    ...rest,
    age: ageOn(dateOfBirth),
    dateOfBirth: dateOfBirth.toISOString().slice(0, 10),
    interests: interests.map((i) => i.interestCode),
  };
}

/** The member's gender and whom they seek; a sexuality that no longer fits the pair follows it. */
export async function saveGenders(userId: number, genders: { gender: Gender; seekingGender: Gender }) {
  await db().$transaction(async (tx) => {
    const { sexuality } = await tx.profile.findUniqueOrThrow({
      where: { userId },
      select: { sexuality: true },
    });
    await tx.profile.update({
      where: { userId },
      data: {
        ...genders,
        sexuality: sexualityAfterGenderChange(sexuality, genders.gender, genders.seekingGender),
      },
      select: { id: true },
    });
  });
}

export async function saveAboutMe(userId: number, aboutMe: string) {
  await db().profile.update({ where: { userId }, data: { aboutMe }, select: { id: true } });
}

export async function saveLivingArea(
  userId: number,
  place: {
    country: ProfileCountry;
    region: string;
    city: string;
    latitude: number | null;
    longitude: number | null;
  },
) {
  await db().profile.update({ where: { userId }, data: place, select: { id: true } });
}

export async function saveProfileFields(
  userId: number,
  fields: Omit<FieldValues, "sexuality"> & { sexuality: NonNullable<FieldValues["sexuality"]> },
) {
  await db().profile.update({ where: { userId }, data: fields, select: { id: true } });
}

/** Replaces the member's interests with the given (known) codes. */
export async function saveInterests(userId: number, codes: InterestCode[]) {
  await db().$transaction(async (tx) => {
    const { id } = await tx.profile.findUniqueOrThrow({ where: { userId }, select: { id: true } });
    await tx.profileInterest.deleteMany({ where: { profileId: id } });
    if (codes.length) {
      await tx.profileInterest.createMany({
        data: codes.map((interestCode) => ({ profileId: id, interestCode })),
      });
    }
  });
}
