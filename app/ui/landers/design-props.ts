import type { ReactNode } from "react";
import { useTranslation } from "~/ui/use-translation";
import type { LanderVariant, PromoLanderData } from "~/domain/landers/designs";

/** What every promotional lander design gets. */
export interface DesignProps {
  lander: PromoLanderData;
  fictionalIcon: boolean;
  minAge: number;
  /** The signup block (form, partner offer or invite-only notice), placed by the design. */
  signup: ReactNode;
  /** The signup form came back with errors: show it at once (no gate, no swipe first). */
  submitted: boolean;
}

/** Where the lander's members are from: the slug's region, else the country. */
export function usePlace(variant: LanderVariant, country: string): string {
  const { t } = useTranslation();
  return variant.kind === "region" ? variant.region : t(`profile:countries.${country}`);
}
