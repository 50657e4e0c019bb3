import type { TFunction } from "i18next";
import { z } from "zod";
import { LANDER_NAMES, LANDER_SLUG, LANDER_SLUG_MAX, isLanderName, landerTakesSlug } from "./lander-names";
import { rowIdSchema } from "~/lib/row-id";

const CAMPAIGN_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
/** As long as tracking data from a URL may be (lib/tracking.server). */
const CAMPAIGN_VALUE_MAX = 100;

/**
 * First path segments the site itself uses (pages, calls, static files): a campaign link `/{token}`
 * with one of these names could never be reached. A unit test keeps this in step with routes.ts.
 */
const RESERVED_TOKENS = [
  "account-deleted",
  "activate",
  "api",
  "assets",
  "chat-photos",
  "chats",
  "complaints",
  "complete-signup",
  "credits",
  "dev",
  "directdebit",
  "entry-warning",
  "favicon.svg",
  "gifts",
  "icons",
  "lang-config",
  "landers",
  "likes",
  "login",
  "logout",
  "mail-alert",
  "mail-change",
  "manifest.webmanifest",
  "match-finder",
  "members",
  "notifications",
  "offline.html",
  "pages",
  "payments",
  "photos",
  "premium",
  "pricing",
  "profile",
  "reactivate",
  "reset-password",
  "resources",
  "robots.txt",
  "settings",
  "signup",
  "signup-matches",
  "staff",
  "swipe-game",
  "sw.js",
  "terms",
  "time-bonus",
  "transactions",
  "unsubscribe",
] as const;

function isReservedToken(token: string): boolean {
  return (RESERVED_TOKENS as readonly string[]).includes(token.toLowerCase());
}

/** The campaign-link form of /staff/campaigns, shared by the browser and the server. */
export function campaignLinkSchema(t: TFunction) {
  const tooLong = t("funnel:campaigns.validation.tooLong", { max: CAMPAIGN_VALUE_MAX });
  const value = z
    .string()
    .trim()
    .max(CAMPAIGN_VALUE_MAX, { error: tooLong })
    .refine((v) => ![...v].some((c) => c < " " || c === "\u007f"), {
      error: t("funnel:campaigns.validation.printable"),
    })
    .optional();
  return z
    .object({
      intent: z.literal("save"),
      id: rowIdSchema.optional(),
      token: z
        .string({ error: t("funnel:campaigns.validation.tokenRequired") })
        .trim()
        .regex(CAMPAIGN_TOKEN, { error: t("funnel:campaigns.validation.tokenInvalid") })
        .refine((token) => !isReservedToken(token), {
          error: t("funnel:campaigns.validation.tokenReserved"),
        }),
      lander: z.enum(LANDER_NAMES, { error: t("funnel:campaigns.validation.landerRequired") }),
      // The landers' own rule (stored lower-cased, as a lander reads it): a slug it would not
      // accept would silently show the default lander.
      slug: z
        .string()
        .trim()
        .toLowerCase()
        .regex(LANDER_SLUG, { error: t("funnel:campaigns.validation.slugInvalid", { max: LANDER_SLUG_MAX }) })
        .optional(),
      network: value,
      ref: value,
      sub1: value,
      sub2: value,
      sub3: value,
      active: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
    })
    .superRefine((link, ctx) => {
      if (link.slug && isLanderName(link.lander) && !landerTakesSlug(link.lander)) {
        ctx.addIssue({
          code: "custom",
          path: ["slug"],
          message: t("funnel:campaigns.validation.slugNotAllowed"),
        });
      }
    });
}

export type CampaignLinkInput = z.output<ReturnType<typeof campaignLinkSchema>>;

/** A campaign link as the staff page lists and edits it. */
export interface CampaignLinkView {
  id: number;
  token: string;
  lander: string;
  slug: string | null;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  active: boolean;
}
