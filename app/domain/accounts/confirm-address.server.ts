import { changeCredits } from "~/domain/credits/credits.server";
import type { Prisma } from "~/generated/prisma/client";
import { voidLinks } from "./verification.server";

/**
 * A link mailed to the member's address was followed (activation, password reset, e-mail change):
 * the address is theirs. An unconfirmed member becomes confirmed, and their profile, disabled until
 * then, active, and the other activation links are void (one of them would log in whoever has it).
 * The site's signup credits come now, not at signup (docs/decisions/0031-signup-credits-on-confirmation.md):
 * only once, as the ledger's `signup:<id>` entry. In the caller's transaction; true when this
 * confirmed the account (a concurrent confirmation waits for the row and then finds it confirmed).
 */
export async function confirmAddress(tx: Prisma.TransactionClient, userId: number): Promise<boolean> {
  // The profile first: it is enabled only while the account is still unconfirmed.
  await tx.profile.updateMany({
    where: { userId, status: "disabled", user: { status: "not_confirmed" } },
    data: { status: "active" },
  });
  const { count } = await tx.user.updateMany({
    where: { id: userId, status: "not_confirmed" },
    data: { status: "confirmed", confirmedAt: new Date() },
  });
  await voidLinks(userId, ["activation"], tx);
  if (count === 0) return false;
  await grantSignupCredits(tx, userId);
  return true;
}

/**
 * The site's signup credits, once (the ledger's `signup:<id>` entry); the demo seed gives its
 * confirmed members theirs through it too. In the caller's transaction.
 */
export async function grantSignupCredits(tx: Prisma.TransactionClient, userId: number) {
  const { site } = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { site: { select: { signupCredits: true } } },
  });
  if (site.signupCredits <= 0) return;
  await changeCredits(
    { userId, delta: site.signupCredits, reason: "signup_bonus", reference: `signup:${userId}` },
    tx,
  );
}
