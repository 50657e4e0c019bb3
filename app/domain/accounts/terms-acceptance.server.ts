// Recorded consent (docs/decisions/0061-recorded-terms-consent.md): which version of the terms and
// privacy policy a member accepted and when. Signing up accepts the version of that moment; when the
// terms move past both the signup and the latest acceptance, the member is asked again before any
// other page (middleware/terms-consent.server.ts).
import type { Site } from "~/domain/sites/site.server";
import { termsVersionDate } from "~/domain/sites/terms-date";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

/** The version of the terms a site's members accept now: the date its terms page carries. */
export function currentTermsVersion(site: { company: Pick<Site["company"], "added"> }): Date {
  return termsVersionDate(site.company.added);
}

/** What the consent rule knows of a member; the session read brings both. */
export interface TermsConsentFacts {
  signupDate: Date;
  /** The newest terms version the member accepted on record; null when none is recorded. */
  termsAcceptedVersion: Date | null;
}

/**
 * Whether the member must accept `termsVersion` before going on: it is later than both their signup
 * (signing up accepted the terms of that day, recorded or not) and their latest recorded acceptance.
 */
export function mustAcceptTerms(member: TermsConsentFacts, termsVersion: Date): boolean {
  if (termsVersion <= member.signupDate) return false;
  return member.termsAcceptedVersion === null || termsVersion > member.termsAcceptedVersion;
}

/** Adds one acceptance (rows are only ever added): the version, now, and the address it came from. */
export async function recordTermsAcceptance(
  { userId, termsVersion, ip }: { userId: number; termsVersion: Date; ip: string | null },
  tx: Prisma.TransactionClient = db(),
) {
  await tx.termsAcceptance.create({
    data: { userId, termsVersion, acceptedAt: new Date(), ip },
    select: { id: true },
  });
}

/**
 * The member pressed "accept" on the terms form: records the site's current version when the rule
 * asks for it (a second press, or a member not asked, records nothing). True when it recorded one.
 */
export async function acceptCurrentTerms(
  member: TermsConsentFacts & { id: number },
  site: { company: Pick<Site["company"], "added"> },
  ip: string | null,
): Promise<boolean> {
  const termsVersion = currentTermsVersion(site);
  if (!mustAcceptTerms(member, termsVersion)) return false;
  await recordTermsAcceptance({ userId: member.id, termsVersion, ip });
  return true;
}

/** Every acceptance on record for the member, newest first (the member's data export lists them). */
export async function termsAcceptances(userId: number): Promise<{ termsVersion: Date; acceptedAt: Date }[]> {
  return db().termsAcceptance.findMany({
    where: { userId },
    orderBy: [{ acceptedAt: "desc" }, { id: "desc" }],
    select: { termsVersion: true, acceptedAt: true },
  });
}
