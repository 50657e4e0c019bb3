import type { TFunction } from "i18next";
import { z } from "zod";
import { GENDERS } from "./genders";
import { INTEREST_CODES } from "~/domain/core/interests";
import { isProfileCountry, type ProfileCountry } from "~/domain/core/countries";
import { isRegionOf, regionLabelInSentence } from "~/domain/core/regions";

export const ABOUT_ME_MAX = 2000;
export const CITY_MAX = 100;

/** The profile fields' value sets (docs/product.md, Profiles and photos), as the database stores them. */
export const PROFILE_FIELD_VALUES = {
  sexuality: ["hetero", "gay", "lesbian", "bi"],
  relationshipStatus: ["divorced", "living_together", "married", "unmarried", "single", "widowed"],
  hairColor: [
    "brunette",
    "blond",
    "brown",
    "white",
    "bald",
    "black",
    "dark_blond",
    "dark_brown",
    "gray",
    "red",
    "other",
  ],
  eyeColor: ["blue", "green", "hazel", "brown", "gray", "other"],
  bodyType: ["slim", "normal", "fat"],
  tattoos: ["none", "some", "many"],
  reason: ["relationship", "dating", "friendship", "chat", "adventure"],
} as const;

export type ProfileFieldName = keyof typeof PROFILE_FIELD_VALUES;
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELD_VALUES) as ProfileFieldName[];

/**
 * The names of site.visibleProfileFields for what this page edits;
 * the living area counts as visible when the region or the city is.
 */
export const VISIBILITY_KEYS: Record<ProfileFieldName | "interests" | "region" | "city", string> = {
  sexuality: "sexuality",
  relationshipStatus: "relationship_status",
  hairColor: "hair_color",
  eyeColor: "eye_color",
  bodyType: "body_type",
  tattoos: "tattoos",
  reason: "reason",
  interests: "interests",
  region: "region",
  city: "city",
};

export const PROFILE_INTENTS = ["gender", "about", "location", "fields", "interests"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

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
