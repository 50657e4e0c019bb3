import {
  ACTIVATION_MAILS_PER_IP,
  ACTIVATION_MAILS_PER_MEMBER,
  SIGNUP_ADDRESS_CHECKS_PER_IP,
  SIGNUPS_PER_IP,
} from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { recordSignup } from "~/domain/landers/visits.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import type { Site } from "~/domain/sites/site.server";
import { Prisma } from "~/generated/prisma/client";
import { sexualityFor } from "~/domain/profiles/genders";
import type { ResolvedPlace } from "~/domain/profiles/geocoder.server";
import { db } from "~/lib/db.server";
import type { Tracking } from "~/domain/core/tracking";
import { confirmAddress } from "./confirm-address.server";
import { isDisposableEmail } from "./disposable-email.server";
import { normalizeEmail } from "./email";
import { suggestEmail } from "./email-suggestion";
import { checkCurrentPassword, hashPassword } from "./password.server";
import type { SignupValues } from "./signup-schema";
import { currentTermsVersion, recordTermsAcceptance } from "./terms-acceptance.server";
import { consumeVerification, createVerification, usedVerification, voidLinks } from "./verification.server";

/** A deleted account can be reactivated within 14 days (docs/product.md, Accounts). */
const DELETION_GRACE_DAYS = 14;

type SignupSite = Pick<Site, "id" | "name" | "domain" | "usesSignupMessage" | "company">;
type MailSite = Pick<Site, "name" | "domain">;

export type ExistingAccount = "active" | "reactivatable" | "customer_service";

/**
 * What signing up with an address that already has an account on this site offers.
 * An account that is not deleted can log in; a deleted one within its grace period can be
 * reactivated; anything else goes to customer service.
 */
async function existingAccount(siteId: number, email: string): Promise<ExistingAccount | null> {
  const user = await db().user.findUnique({
    where: { siteId_email: { siteId, email: normalizeEmail(email) } },
    select: { status: true, deletedAt: true, erasedAt: true },
  });
  if (!user) return null;
  if (user.status !== "deleted") return "active";
  const graceStart = Date.now() - DELETION_GRACE_DAYS * 24 * 3600_000;
  if (!user.erasedAt && (!user.deletedAt || user.deletedAt.getTime() > graceStart)) return "reactivatable";
  return "customer_service";
}

interface NewAccount {
  site: SignupSite;
  values: SignupValues;
  /** The visitor's current locale. */
  language: string;
  /** The detected country: the profile's country when no place is given. */
  country: string;
  /** Where the member lives, from the place step: the profile's country, region, city and coordinates. */
  place?: ResolvedPlace | null;
  ip: string;
  tracking: Tracking;
  /** The lander the visitor signed up on (e.g. "gallery/utrecht", "members/12/landing"). */
  lander?: string | null;
  /** The lander's signed visit the form carried (`?lb`): it becomes a signup, never a bounce. */
  visit?: string | null;
}

/**
 * Creates the member in one transaction: the user (not confirmed yet), the profile, the acceptance
 * of the terms the form asked for (their current version), the activation link and the lander
 * visit's signup. The profile stays disabled, and the signup credits wait, until the e-mail address
 * is confirmed (unconfirmed members do not take part yet; see confirmAddress).
 */
async function createAccount({
  site,
  values,
  language,
  country,
  place,
  ip,
  tracking,
  lander,
  visit,
}: NewAccount) {
  const passwordHash = await hashPassword(values.password);
  return db().$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        siteId: site.id,
        email: values.email,
        passwordHash,
        status: "not_confirmed",
        language,
        network: tracking.network ?? null,
        ref: tracking.ref ?? null,
        sub1: tracking.sub1 ?? null,
        sub2: tracking.sub2 ?? null,
        sub3: tracking.sub3 ?? null,
        campaignToken: tracking.campaign ?? null,
        lander: lander ?? null,
        signupIp: ip,
        termsAcceptedAt: new Date(),
        signupMessage: site.usesSignupMessage && values.signup_message ? values.signup_message : null,
        profile: {
          create: {
            name: values.name,
            gender: values.gender,
            seekingGender: values.seeking_gender,
            dateOfBirth: values.date_of_birth,
            country: place?.country ?? country,
            region: place?.region ?? null,
            city: place?.city ?? null,
            latitude: place?.latitude ?? null,
            longitude: place?.longitude ?? null,
            sexuality: sexualityFor(values.gender, values.seeking_gender),
            status: "disabled",
          },
        },
      },
      select: { id: true },
    });
    await recordTermsAcceptance({ userId: user.id, termsVersion: currentTermsVersion(site), ip }, tx);
    const token = await createVerification({ type: "activation", userId: user.id, target: values.email }, tx);
    if (visit) await recordSignup(site.id, visit, tx);
    return { userId: user.id, activationToken: token };
  });
}

function activationLink(origin: string, token: string) {
  return `${origin}/activate?token=${encodeURIComponent(token)}`;
}

/** Queues the activation mail with its link, in the member's language (staff resend it too). */
export function sendActivationMail(options: {
  userId: number;
  to: string;
  language: string;
  site: MailSite;
  origin: string;
  token: string;
}) {
  return sendAccountMail({
    kind: "activation",
    to: options.to,
    userId: options.userId,
    language: options.language,
    site: options.site,
    link: activationLink(options.origin, options.token),
  });
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

type SignupOutcome =
  | { status: "exists"; existing: ExistingAccount }
  | { status: "suggestion"; suggestion: string }
  | { status: "disposable" }
  | { status: "rate_limited" }
  | { status: "created"; userId: number };

/**
 * The signup steps after the form checks passed: refuse a known address (looked up
 * a limited number of times per IP), offer a typo correction once, refuse a throw-away address,
 * create the account (at most a few per IP per hour) and send the activation mail. The typo hint
 * comes before the refusal: some typo domains (`gmial.com`) are on the throw-away list too.
 */
export async function signUp(input: NewAccount & { origin: string }): Promise<SignupOutcome> {
  const { site, values } = input;
  if (!(await withinLimit(SIGNUP_ADDRESS_CHECKS_PER_IP, input.ip))) return { status: "rate_limited" };
  const existing = await existingAccount(site.id, values.email);
  if (existing) return { status: "exists", existing };

  const suggestion = suggestEmail(values.email);
  if (suggestion && values.email_checked !== values.email) return { status: "suggestion", suggestion };
  if (isDisposableEmail(values.email)) return { status: "disposable" };

  if (!(await withinLimit(SIGNUPS_PER_IP, input.ip))) return { status: "rate_limited" };

  let created: { userId: number; activationToken: string };
  try {
    created = await createAccount(input);
  } catch (error) {
    // Someone signed up with the same address a moment earlier.
    if (isUniqueViolation(error)) return { status: "exists", existing: "active" };
    throw error;
  }
  await sendActivationMail({
    userId: created.userId,
    to: values.email,
    language: input.language,
    site,
    origin: input.origin,
    token: created.activationToken,
  });
  return { status: "created", userId: created.userId };
}

/**
 * Follows an activation link: uses the token up, confirms the member, enables the profile and
 * grants the signup credits (`firstUse`: this link confirmed the account, so it may log in). A link used before, or one to an
 * account confirmed since, is no error (`firstUse` false): mail scanners open links before the
 * member does. Null when the link is unknown, expired, or meant for an address the member no
 * longer has.
 */
export async function activateAccount(token: string): Promise<{ userId: number; firstUse: boolean } | null> {
  const verification = await consumeVerification("activation", token);
  if (!verification) return activatedBefore(token);
  const user = await db().user.findUnique({
    where: { id: verification.userId },
    select: { id: true, status: true, email: true },
  });
  if (!user || user.status === "deleted" || user.email !== verification.target) return null;
  if (user.status === "confirmed") return { userId: user.id, firstUse: false };
  const confirmed = await db().$transaction((tx) => confirmAddress(tx, user.id));
  return { userId: user.id, firstUse: confirmed };
}

async function activatedBefore(token: string): Promise<{ userId: number; firstUse: false } | null> {
  const used = await usedVerification("activation", token);
  if (!used) return null;
  const user = await db().user.findUnique({
    where: { id: used.userId },
    select: { status: true, email: true },
  });
  return user?.status === "confirmed" && user.email === used.target
    ? { userId: used.userId, firstUse: false }
    : null;
}

export type ActivationMailResult =
  | { ok: true; email: string }
  | {
      ok: false;
      error: "confirmed" | "rate_limited" | "same" | "duplicate" | "wrong_password" | "disposable";
    };

async function unconfirmedUser(userId: number) {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      siteId: true,
      email: true,
      status: true,
      language: true,
      notificationsDisabled: true,
    },
  });
  return user && user.status === "not_confirmed" ? user : null;
}

/** Activation mails are limited per member and per IP (one IP's accounts together). */
async function activationMailAllowed(userId: number, ip: string) {
  return (
    (await withinLimit(ACTIVATION_MAILS_PER_MEMBER, userId)) &&
    (await withinLimit(ACTIVATION_MAILS_PER_IP, ip))
  );
}

/** "Stuur de e-mail opnieuw": a fresh activation link to the member's address, a few times an hour. */
export async function resendActivation(
  userId: number,
  site: MailSite,
  origin: string,
  ip: string,
): Promise<ActivationMailResult> {
  const user = await unconfirmedUser(userId);
  if (!user) return { ok: false, error: "confirmed" };
  if (!(await activationMailAllowed(userId, ip))) {
    return { ok: false, error: "rate_limited" };
  }
  const token = await createVerification({ type: "activation", userId, target: user.email });
  await sendActivationMail({
    userId,
    to: user.email,
    language: user.language,
    site,
    origin,
    token,
  });
  return { ok: true, email: user.email };
}

/**
 * Corrects a mistyped address before it is confirmed: the account gets the new address, links to the
 * old one stop working, and a fresh activation link goes to the new one. The login address changes
 * at once, so the current password is checked first (counted as the settings page's checks are):
 * a session alone must not be enough to take the account over.
 */
export async function changeUnconfirmedEmail(
  userId: number,
  newEmail: string,
  password: string,
  site: MailSite,
  origin: string,
  ip: string,
): Promise<ActivationMailResult> {
  const email = normalizeEmail(newEmail);
  const user = await unconfirmedUser(userId);
  if (!user) return { ok: false, error: "confirmed" };
  if (isDisposableEmail(email)) return { ok: false, error: "disposable" };
  if (!(await checkCurrentPassword(userId, password))) return { ok: false, error: "wrong_password" };
  if (email === user.email) return { ok: false, error: "same" };
  const taken = await db().user.findUnique({
    where: { siteId_email: { siteId: user.siteId, email } },
    select: { id: true },
  });
  if (taken) return { ok: false, error: "duplicate" };
  if (!(await activationMailAllowed(userId, ip))) {
    return { ok: false, error: "rate_limited" };
  }
  let token: string;
  try {
    token = await db().$transaction(async (tx) => {
      // A bounce was the old address's: mail to the new one goes out again.
      const notificationsDisabled = user.notificationsDisabled.filter((reason) => reason !== "bounce");
      await tx.user.update({
        where: { id: userId },
        data: { email, notificationsDisabled },
        select: { id: true },
      });
      await voidLinks(userId, ["activation"], tx);
      return createVerification({ type: "activation", userId, target: email }, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate" };
    throw error;
  }
  await sendActivationMail({
    userId,
    to: email,
    language: user.language,
    site,
    origin,
    token,
  });
  return { ok: true, email };
}
