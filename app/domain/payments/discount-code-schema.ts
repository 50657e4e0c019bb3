import type { TFunction } from "i18next";
import { z } from "zod";
import { PROFILE_COUNTRIES } from "~/domain/core/countries";
import { CURRENCIES } from "~/domain/credits/money";
import { MAX_CODE_LENGTH, normalizeCode } from "./discount";
import { DISCOUNT_METHODS } from "./methods";

/** Letters, digits, "-" and "_": a code members can type from a mail or a banner. */
const CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** The most a minimum order or a total-uses limit can be: far above any package, within an Int. */
const MAX_MINIMUM_ORDER_CENTS = 10_000_000;
const MAX_USES = 1_000_000;

/** "25", "25,5", "25.50" as cents; null when it is no amount with at most two decimals. */
export function amountToCents(value: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** The "new discount code" form of /staff/discount-codes, shared by the browser and the server. */
export function discountCodeSchema(t: TFunction) {
  return z.object({
    intent: z.literal("create"),
    code: z
      .string({ error: t("staffAdmin:codes.errors.codeRequired") })
      .transform(normalizeCode)
      .pipe(
        z
          .string()
          .max(MAX_CODE_LENGTH, { error: t("staffAdmin:codes.errors.codeTooLong", { max: MAX_CODE_LENGTH }) })
          .regex(CODE_PATTERN, { error: t("staffAdmin:codes.errors.codeInvalid") }),
      ),
    percentage: z
      .number({ error: t("staffAdmin:codes.errors.percentage") })
      .int({ error: t("staffAdmin:codes.errors.percentage") })
      .min(1, { error: t("staffAdmin:codes.errors.percentage") })
      .max(99, { error: t("staffAdmin:codes.errors.percentage") }),
    minimumOrder: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return 0;
        const cents = amountToCents(value);
        if (cents === null || cents > MAX_MINIMUM_ORDER_CENTS) {
          ctx.addIssue({ code: "custom", message: t("staffAdmin:codes.errors.minimumOrder") });
          return z.NEVER;
        }
        return cents;
      }),
    country: z.enum(PROFILE_COUNTRIES, { error: t("staffAdmin:codes.errors.country") }).optional(),
    currency: z.enum(CURRENCIES, { error: t("staffAdmin:codes.errors.currency") }).optional(),
    member: z
      .string()
      .trim()
      .max(254, { error: t("staffAdmin:codes.errors.member") })
      .refine((v) => /^\d{1,10}$/.test(v) || /^[^\s@]+@[^\s@]+$/.test(v), {
        error: t("staffAdmin:codes.errors.member"),
      })
      .optional(),
    expiresOn: z.iso.date({ error: t("staffAdmin:codes.errors.expiresOn") }).optional(),
    paymentMethods: z
      .array(z.enum(DISCOUNT_METHODS, { error: t("staffAdmin:codes.errors.paymentMethods") }))
      .default([]),
    validity: z.enum(["once_per_member", "unlimited"], { error: t("staffAdmin:codes.errors.validity") }),
    maxUses: z
      .number({ error: t("staffAdmin:codes.errors.maxUses") })
      .int({ error: t("staffAdmin:codes.errors.maxUses") })
      .min(1, { error: t("staffAdmin:codes.errors.maxUses") })
      .max(MAX_USES, { error: t("staffAdmin:codes.errors.maxUses") })
      .optional(),
    welcome: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false),
  });
}

export type DiscountCodeInput = z.output<ReturnType<typeof discountCodeSchema>>;

/** What a code earned: paid purchases that redeemed it, summed per currency. */
export interface CodeRevenue {
  currency: string;
  cents: number;
}

/** A code as the staff list shows it. */
export interface DiscountCodeView {
  id: number;
  code: string;
  percentage: number;
  minimumOrderCents: number;
  country: string | null;
  currency: string | null;
  /** The one member it is for, by id and address. */
  member: { id: number; email: string } | null;
  expiresAt: string | null;
  paymentMethods: string[];
  validity: "once_per_member" | "unlimited";
  maxUses: number | null;
  welcome: boolean;
  active: boolean;
  createdAt: string;
  uses: number;
  revenue: CodeRevenue[];
}
