import { packagesFor } from "~/domain/credits/packages.server";
import type { Site } from "~/domain/sites/site.server";
import { minimumMessageCostFor, textMessageCredits } from "./message-price";

type PricedSite = Pick<Site, "id" | "messageCredits" | "minimumMessageCosts">;

/** What one text message costs a sender from `country` on this site, in credits. */
export async function textMessagePrice(site: PricedSite, country: string | null): Promise<number> {
  const minimum = minimumMessageCostFor(site.minimumMessageCosts, country);
  if (!minimum) return site.messageCredits;
  return textMessageCredits(site.messageCredits, minimum, await packagesFor(site.id, minimum.currency));
}
