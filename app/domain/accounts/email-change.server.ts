import { EMAIL_CHANGE_MAILS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import type { Site } from "~/domain/sites/site.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { confirmAddress } from "./confirm-address.server";
import { DISPOSABLE_EMAIL_MESSAGE, isDisposableEmail } from "./disposable-email.server";
import { checkCurrentPassword } from "./password.server";
import { emailSchema } from "./email";
import { consumeVerification, createVerification, peekVerification, voidLinks } from "./verification.server";

export const EMAIL_CHANGE_ERROR_KEYS = {
  wrongPassword: "settings:email.wrongPassword",
  invalid: "settings:email.invalid",
  duplicate: "settings:email.duplicate",
  unchanged: "settings:email.unchanged",
  disposable: DISPOSABLE_EMAIL_MESSAGE,
  tooMany: "settings:email.tooMany",
  invalidLink: "settings:reset.invalidLink",
} as const;

type EmailChangeError = keyof typeof EMAIL_CHANGE_ERROR_KEYS;

function emailChangeLink(origin: string, token: string) {
  return `${origin}/mail-change/do?token=${encodeURIComponent(token)}`;
}

async function addressTaken(siteId: number, email: string, exceptUserId: number) {
  const other = await db().user.findUnique({
    where: { siteId_email: { siteId, email } },
    select: { id: true },
  });
  return other !== null && other.id !== exceptUserId;
}

/**
 * Settings: after the password is checked, mails a confirmation link to the new address. The address
 * changes only when that link is followed (`confirmEmailChange`).
 */
export async function requestEmailChange({
  site,
  userId,
  password,
  newEmail,
  origin,
}: {
  site: Pick<Site, "id" | "name" | "domain">;
  userId: number;
  password: string;
  newEmail: string;
  origin: string;
}): Promise<{ ok: true; email: string } | { ok: false; error: Exclude<EmailChangeError, "invalidLink"> }> {
  const parsed = emailSchema.safeParse(newEmail);
  if (!parsed.success) return { ok: false, error: "invalid" };
  const email = parsed.data;
  if (isDisposableEmail(email)) return { ok: false, error: "disposable" };
  if (!(await checkCurrentPassword(userId, password))) return { ok: false, error: "wrongPassword" };
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, siteId: true, email: true, language: true, profile: { select: { name: true } } },
  });
  if (user.siteId !== site.id) throw new Error("The member belongs to another site");
  if (email === user.email) return { ok: false, error: "unchanged" };
  if (await addressTaken(site.id, email, user.id)) return { ok: false, error: "duplicate" };
  if (!(await withinLimit(EMAIL_CHANGE_MAILS_PER_MEMBER, user.id))) {
    return { ok: false, error: "tooMany" };
  }
  const token = await createVerification({ type: "change_email", userId: user.id, target: email });
  await sendAccountMail({
    kind: "changeEmail",
    to: email,
    userId: user.id,
    language: user.language,
    site,
    name: user.profile?.name ?? user.email,
    link: emailChangeLink(origin, token),
  });
  return { ok: true, email };
}

/** The newest address waiting for confirmation, to show on the settings page. */
export async function pendingEmailChange(userId: number): Promise<string | null> {
  const pending = await db().verification.findFirst({
    where: { userId, type: "change_email", usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { target: true },
  });
  return pending?.target ?? null;
}

/** The new address of a usable confirmation link (the page asks to confirm it), or null. */
export async function peekEmailChange(token: string): Promise<string | null> {
  return (await peekVerification("change_email", token))?.target ?? null;
}

/**
 * Tells the old address that the account's address changed, with the new one and where to turn if
 * the member did not change it (someone else may have taken over the account).
 */
async function mailOldAddress(
  user: {
    id: number;
    email: string;
    language: string;
    profile: { name: string } | null;
    site: Pick<Site, "name" | "domain" | "supportEmail">;
  },
  newEmail: string,
) {
  await sendAccountMail({
    kind: "emailChanged",
    to: user.email,
    userId: user.id,
    language: user.language,
    site: user.site,
    name: user.profile?.name ?? user.email,
    values: { newEmail, supportEmail: user.site.supportEmail },
  });
}

/**
 * `/mail-change/do`: uses up the link and sets the new address when it is still free on the site,
 * and tells the old address. A bounce of the old address no longer applies to the new one; an
 * unconfirmed member is confirmed (the link came to the new address).
 */
export async function confirmEmailChange(
  token: string,
): Promise<{ ok: true; email: string; userId: number } | { ok: false; error: "invalidLink" | "duplicate" }> {
  const pending = await consumeVerification("change_email", token);
  if (!pending) return { ok: false, error: "invalidLink" };
  const user = await db().user.findUnique({
    where: { id: pending.userId },
    select: {
      id: true,
      siteId: true,
      email: true,
      status: true,
      notificationsDisabled: true,
      language: true,
      profile: { select: { name: true } },
      site: { select: { name: true, domain: true, supportEmail: true } },
    },
  });
  if (!user || user.status === "deleted") return { ok: false, error: "invalidLink" };
  const email = pending.target;
  if (user.email !== email) {
    if (await addressTaken(user.siteId, email, user.id)) return { ok: false, error: "duplicate" };
    try {
      await db().user.update({
        where: { id: user.id },
        data: {
          email,
          notificationsDisabled: user.notificationsDisabled.filter((reason) => reason !== "bounce"),
        },
        select: { id: true },
      });
    } catch (error) {
      // Taken between the check and the update.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        return { ok: false, error: "duplicate" };
      }
      throw error;
    }
    await mailOldAddress(user, email);
  }
  if (user.status === "not_confirmed") await db().$transaction((tx) => confirmAddress(tx, user.id));
  // Other pending links (to this or another address) are void now.
  await voidLinks(user.id, ["change_email"]);
  return { ok: true, email, userId: user.id };
}
