// The form of a credit package on /staff/packages (docs/product.md, Credits and payments): what each
// field accepts and the translated message a wrong value gets. Prices are typed as amounts ("19.95")
// and stored as whole cents.
import type { TFunction } from "i18next";
import { z } from "zod";
import { rowIdSchema } from "~/lib/row-id";
import { CURRENCIES } from "./money";

export const PACKAGE_VARIANTS = [0, 1, 2, 3] as const;
const AMOUNT = /^(\d{1,6})(?:[.,](\d{1,2}))?$/;

/** "19.95", "19,95" or "20" as cents; null when it is no amount. */
export function amountToCents(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Cents as the form shows them: "19.95". */
export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export function packageSchema(t: TFunction) {
  const number = (min: number, max: number) => {
    const error = t("staffSite:errors.number", { min, max });
    return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
  };
  return z.object({
    intent: z.literal("save"),
    id: rowIdSchema.optional(),
    currency: z.enum(CURRENCIES, { error: t("staffSite:errors.choice") }),
    credits: number(1, 100_000),
    price: z.string({ error: t("staffSite:errors.price") }).transform((value, ctx) => {
      const cents = amountToCents(value);
      if (cents !== null && cents >= 1) return cents;
      ctx.addIssue({ code: "custom", message: t("staffSite:errors.price") });
      return z.NEVER;
    }),
    discountPercent: number(0, 99),
    variant: z.coerce.number({ error: t("staffSite:errors.choice") }).pipe(
      z.union(
        PACKAGE_VARIANTS.map((v) => z.literal(v)),
        { error: t("staffSite:errors.choice") },
      ),
    ),
    popular: checkbox,
    active: checkbox,
  });
}

export type PackageInput = z.output<ReturnType<typeof packageSchema>>;

/** A package as the staff page lists and edits it. */
export interface StaffPackageView {
  id: number;
  currency: string;
  credits: number;
  priceCents: number;
  discountPercent: number;
  variant: number;
  popular: boolean;
  sortOrder: number;
  active: boolean;
}
