import type { TFunction } from "i18next";
import { z } from "zod";
import { GENDERS } from "./genders";
import { INTEREST_CODES } from "~/domain/core/interests";
import { isProfileCountry, type ProfileCountry } from "~/domain/core/countries";
import { isRegionOf, regionLabelInSentence } from "~/domain/core/regions";
import { ABOUT_ME_MAX, CITY_MAX, PROFILE_FIELD_VALUES, type ProfileIntent } from "./profile-edit-fields";

/** Whether the member is a man or a woman, and whom they seek (search defaults, suggestions). */
export function genderSchema(t: TFunction) {
  const message = t("profileEdit:validation.valueInvalid");
  return z.object({
    intent: z.literal("gender"),
    gender: z.enum(GENDERS, { error: message }),
    seekingGender: z.enum(GENDERS, { error: message }),
  });
}

export function aboutSchema(t: TFunction) {
  return z.object({
    intent: z.literal("about"),
    aboutMe: z
      .string()
      .trim()
      .max(ABOUT_ME_MAX, { error: t("profileEdit:validation.aboutMeTooLong", { max: ABOUT_ME_MAX }) })
      .optional()
      .transform((v) => v ?? ""),
  });
}

const coordinate = (limit: number) => z.coerce.number().min(-limit).max(limit).optional().catch(undefined);

export function locationSchema(t: TFunction) {
  return z
    .object({
      intent: z.literal("location"),
      country: z
        .string({ error: t("profileEdit:validation.countryRequired") })
        .refine(isProfileCountry, { error: t("profileEdit:validation.countryInvalid") }),
      region: z.string({ error: "required" }).optional(),
      city: z
        .string({ error: t("profileEdit:validation.cityRequired") })
        .trim()
        .min(1, { error: t("profileEdit:validation.cityRequired") })
        .max(CITY_MAX, { error: t("profileEdit:validation.cityTooLong", { max: CITY_MAX }) }),
      latitude: coordinate(90),
      longitude: coordinate(180),
    })
    .superRefine((value, ctx) => {
      if (!isProfileCountry(value.country)) return;
      const label = regionLabelInSentence(t, value.country);
      if (!value.region) {
        ctx.addIssue({
          code: "custom",
          path: ["region"],
          message: t("profileEdit:validation.regionRequired", { label }),
        });
      } else if (!isRegionOf(value.country, value.region)) {
        ctx.addIssue({
          code: "custom",
          path: ["region"],
          message: t("profileEdit:validation.regionInvalid", { label }),
        });
      }
    })
    .transform(({ country, region, city, latitude, longitude }) => ({
      country: country as ProfileCountry,
      region: region!,
      city,
      // Coordinates only come with a place the browser's location filled in; both or neither.
      latitude: latitude !== undefined && longitude !== undefined ? latitude : null,
      longitude: latitude !== undefined && longitude !== undefined ? longitude : null,
    }));
}

function optionalValue<const V extends readonly [string, ...string[]]>(values: V, message: string) {
  return z
    .enum(values, { error: message })
    .optional()
    .transform((v) => v ?? null);
}

export function fieldsSchema(t: TFunction) {
  const message = t("profileEdit:validation.valueInvalid");
  return z.object({
    intent: z.literal("fields"),
    sexuality: z.enum(PROFILE_FIELD_VALUES.sexuality, { error: message }),
    relationshipStatus: optionalValue(PROFILE_FIELD_VALUES.relationshipStatus, message),
    hairColor: optionalValue(PROFILE_FIELD_VALUES.hairColor, message),
    eyeColor: optionalValue(PROFILE_FIELD_VALUES.eyeColor, message),
    bodyType: optionalValue(PROFILE_FIELD_VALUES.bodyType, message),
    tattoos: optionalValue(PROFILE_FIELD_VALUES.tattoos, message),
    reason: optionalValue(PROFILE_FIELD_VALUES.reason, message),
  });
}

export function interestsSchema(t: TFunction) {
  return z.object({
    intent: z.literal("interests"),
    interests: z
      .array(z.enum(INTEREST_CODES, { error: t("profileEdit:validation.interestInvalid") }))
      .optional()
      .transform((v) => [...new Set(v ?? [])]),
  });
}

export function profileSchemaFor(intent: ProfileIntent, t: TFunction) {
  switch (intent) {
    case "gender":
      return genderSchema(t);
    case "about":
      return aboutSchema(t);
    case "location":
      return locationSchema(t);
    case "fields":
      return fieldsSchema(t);
    case "interests":
      return interestsSchema(t);
  }
}
