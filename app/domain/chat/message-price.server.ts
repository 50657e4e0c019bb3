import { packagesFor } from "~/domain/credits/packages.server";
import type { Site } from "~/domain/sites/site.server";
import type { SessionUser } from "~/domain/accounts/session.server";
import { messagesPaidFor, minimumMessageCostFor, textMessageCredits } from "./message-price";

type PricedSite = Pick<Site, "id" | "messageCredits" | "minimumMessageCosts">;

/** What one text message costs a sender from `country` on this site, in credits. */
export async function textMessagePrice(site: PricedSite, country: string | null): Promise<number> {
  const minimum = minimumMessageCostFor(site.minimumMessageCosts, country);
  if (!minimum) return site.messageCredits;
  return textMessageCredits(site.messageCredits, minimum, await packagesFor(site.id, minimum.currency));
}

/** How many text messages the member's credits pay for, at the price for the member's country. */
export async function messagesCreditsPayFor(
  user: Pick<SessionUser, "credits" | "profile">,
  site: PricedSite,
): Promise<number> {
  return messagesPaidFor(user.credits, await textMessagePrice(site, user.profile?.country ?? null));
}
