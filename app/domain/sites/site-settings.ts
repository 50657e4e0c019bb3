// The site settings admins change on /staff/settings (docs/product.md, Sites): which columns of
// `Site` each section of the page holds, what values each accepts, and the translated message a
// wrong value gets. The page, the server's check and the saved change all read this one list.
import type { TFunction } from "i18next";
import { z } from "zod";
import { CURRENCIES, currencyForCountry } from "~/domain/credits/money";
import { isProfileCountry } from "~/domain/core/countries";
import { SUPPORTED_LOCALES } from "~/lib/i18n";

/** How a setting is typed and checked; the page shows each kind with its own input. */
export type SettingKind =
  | { kind: "int"; min: number; max: number }
  | { kind: "text"; max: number; optional?: boolean }
  | { kind: "email" }
  | { kind: "url" }
  | { kind: "bool" }
  | { kind: "choice"; values: readonly string[] }
  | { kind: "list"; values: readonly string[] }
  | { kind: "countries" }
  | { kind: "language" }
  | { kind: "timeZone" }
  | { kind: "entryPopup" }
  | { kind: "messageCosts" };

/** The lists of names a site may choose from that other areas own (profile fields, search filters). */
export interface SettingChoices {
  visibleProfileFields: readonly string[];
  searchFields: readonly string[];
}

const SIGNUP_POLICIES = ["all", "with_trafficsource", "invite_only"] as const;
const LOGGED_OUT_SEARCH = ["all", "none"] as const;
const int = (min: number, max: number) => ({ kind: "int", min, max }) as const;

/** The sections of the page, each saved on its own, with their settings in the order shown. */
export function settingSections(choices: SettingChoices) {
  return {
    general: {
      name: { kind: "text", max: 100 },
      countries: { kind: "countries" },
      domainLanguage: { kind: "language" },
      supportPhone: { kind: "text", max: 40 },
      supportEmail: { kind: "email" },
      timeZone: { kind: "timeZone" },
    },
    access: {
      enableSiteEntryPopup: { kind: "entryPopup" },
      signups: { kind: "choice", values: SIGNUP_POLICIES },
      loggedOutSearch: { kind: "choice", values: LOGGED_OUT_SEARCH },
      loggedOutSearchTrafficsource: { kind: "choice", values: LOGGED_OUT_SEARCH },
      minAge: int(18, 99),
      usesSignupMessage: { kind: "bool" },
      memberResell: { kind: "bool" },
      resellUrl: { kind: "url" },
      resellCountdownSeconds: int(0, 120),
    },
    profiles: {
      fictionalIcon: { kind: "bool" },
      fictionalWarning: { kind: "bool" },
      fictionalSingular: { kind: "text", max: 60 },
      fictionalPlural: { kind: "text", max: 60 },
      visibleProfileFields: { kind: "list", values: choices.visibleProfileFields },
      visibleProfileNotes: { kind: "bool" },
      searchFields: { kind: "list", values: choices.searchFields },
    },
    credits: {
      messageCredits: int(1, 1000),
      photoCredits: int(1, 1000),
      giftCredits: int(1, 1000),
      signupCredits: int(0, 1000),
      minimumMessageCosts: { kind: "messageCosts" },
      refundDays: int(0, 365),
    },
    chat: {
      messageLength: int(1, 5000),
      chatHistoryDays: int(1, 3650),
      freeConversations: int(0, 1000),
      newConversationsPerHour: int(1, 1000),
      newConversationsPerDay: int(1, 10000),
      newAccountConversationsPerHour: int(0, 1000),
      newAccountConversationsPerDay: int(0, 10000),
      sameTextRecipientsPerHour: int(1, 1000),
    },
    limits: {
      loginMaxAttempts: int(1, 100),
      loginBlockMinutes: int(1, 1440),
      resetMailsPerDay: int(1, 100),
      swipeLikesPerDay: int(1, 1000),
      swipeWaitHours: int(0, 168),
      directDebitMemberLimitCents: int(0, 10_000_000),
      directDebitIbanLimitCents: int(0, 10_000_000),
    },
  } as const satisfies Record<string, Record<string, SettingKind>>;
}

export type SettingSections = ReturnType<typeof settingSections>;
export type SettingSection = keyof SettingSections;
export const SETTING_SECTIONS = ["general", "access", "profiles", "credits", "chat", "limits"] as const;

export function isSettingSection(value: unknown): value is SettingSection {
  return (SETTING_SECTIONS as readonly unknown[]).includes(value);
}

/** Every setting the page edits, by name. */
export type SettingName = { [S in SettingSection]: keyof SettingSections[S] }[SettingSection];

/** Per country the least a text must be worth in cents, in the currency of that country's members. */
export type MessageCosts = Record<string, { costs: number; currency: string }>;

/** The values as stored (`minimumMessageCosts` as its map, an unset text or address as null). */
export type SettingValues = Record<string, string | number | boolean | string[] | MessageCosts | null>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value.includes("/") || value === "UTC";
  } catch {
    return false;
  }
}

const LANGUAGE_TAG = new RegExp(`^(${SUPPORTED_LOCALES.join("|")})(-[A-Z]{2})?$`);
const COST_LINE = /^([A-Z]{2})\s*=\s*(\d{1,6})$/;

/** The map as the page shows it: one "NL=250" a line (cents), countries in alphabetical order. */
export function formatMessageCosts(costs: unknown): string {
  if (!costs || typeof costs !== "object") return "";
  return Object.entries(costs as MessageCosts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([country, { costs: cents }]) => `${country}=${cents}`)
    .join("\n");
}

/** "NL=250" lines (blank lines skipped) as the stored map; null when a line is not one of the site's countries. */
export function parseMessageCosts(text: string): MessageCosts | null {
  const costs: MessageCosts = {};
  for (const line of text.split(/\r?\n/).map((l) => l.trim().toUpperCase())) {
    if (line === "") continue;
    const match = COST_LINE.exec(line);
    if (!match || !isProfileCountry(match[1]!) || match[1]! in costs) return null;
    const currency = currencyForCountry(match[1]);
    if (!(CURRENCIES as readonly string[]).includes(currency)) return null;
    costs[match[1]!] = { costs: Number(match[2]), currency };
  }
  return costs;
}

/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");
/** Checkboxes of one name: absent, one value or several. */
const ticked = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()),
);

function fieldSchema(spec: SettingKind, t: TFunction) {
  const required = t("staffSite:errors.required");
  switch (spec.kind) {
    case "int": {
      const error = t("staffSite:errors.number", { min: spec.min, max: spec.max });
      return z.number({ error }).int({ error }).min(spec.min, { error }).max(spec.max, { error });
    }
    case "text":
      return z
        .string({ error: required })
        .trim()
        .max(spec.max, { error: t("staffSite:errors.tooLong", { max: spec.max }) });
    case "email":
      return z.email({ error: t("staffSite:errors.email") }).max(254, { error: t("staffSite:errors.email") });
    case "url":
      return z
        .url({ protocol: /^https?$/, error: t("staffSite:errors.url") })
        .max(500, { error: t("staffSite:errors.url") })
        .optional()
        .transform((value) => value ?? null);
    case "bool":
      return checkbox;
    case "choice":
      return z.enum(spec.values as [string, ...string[]], { error: t("staffSite:errors.choice") });
    // Checked as a whole, so that the message stands under the group and not under one box.
    case "list":
      return ticked.refine((values) => values.every((value) => spec.values.includes(value)), {
        error: t("staffSite:errors.choice"),
      });
    case "countries":
      return ticked.refine((values) => values.length > 0 && values.every(isProfileCountry), {
        error: t("staffSite:errors.countries"),
      });
    case "language":
      return z
        .string()
        .regex(LANGUAGE_TAG, { error: t("staffSite:errors.language") })
        .optional()
        .transform((value) => value ?? null);
    case "timeZone":
      return z.string({ error: required }).refine(isTimeZone, { error: t("staffSite:errors.timeZone") });
    case "entryPopup":
      return z
        .string({ error: required })
        .transform((value) => value.trim())
        .refine(
          (value) =>
            value === "yes" ||
            value === "no" ||
            value.split(",").every((code) => isProfileCountry(code.trim().toUpperCase())),
          { error: t("staffSite:errors.entryPopup") },
        )
        .transform((value) =>
          value === "yes" || value === "no"
            ? value
            : value
                .split(",")
                .map((code) => code.trim().toUpperCase())
                .join(","),
        );
    case "messageCosts":
      return z
        .string()
        .optional()
        .transform((value, ctx) => {
          const costs = parseMessageCosts(value ?? "");
          if (costs) return costs;
          ctx.addIssue({ code: "custom", message: t("staffSite:errors.messageCosts") });
          return z.NEVER;
        });
  }
}

/** The form of one section: its fields, each with its translated message, and the section's name. */
export function sectionSchema(section: SettingSection, choices: SettingChoices, t: TFunction) {
  const fields = settingSections(choices)[section] as Record<string, SettingKind>;
  return z.object({
    intent: z.literal(section),
    ...Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, fieldSchema(spec, t)])),
  });
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose value differs, as `{ before, after }` with only those fields. */
export function changedSettings(
  before: SettingValues,
  after: SettingValues,
): { before: SettingValues; after: SettingValues } {
  const changed = Object.keys(after).filter((name) => !same(before[name] ?? null, after[name] ?? null));
  return {
    before: Object.fromEntries(changed.map((name) => [name, before[name] ?? null])),
    after: Object.fromEntries(changed.map((name) => [name, after[name] ?? null])),
  };
}
