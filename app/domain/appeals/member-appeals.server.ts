// A member's appeal against a staff decision (docs/product.md, Appeals): a rejected photo, from the
// photos page, or a ban, from the login page. Once per decision: the Appeal row's photo or ban is
// unique, so a second appeal (two tabs, a double submit) stores nothing.
import { BAN_APPEALS_PER_ADDRESS, BAN_APPEALS_PER_IP } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { normalizeEmail } from "~/domain/accounts/email";
import { verifyPassword } from "~/domain/accounts/password.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export type PhotoAppealResult = { ok: true } | { ok: false; error: "notFound" | "alreadyAppealed" };

/** An appeal against the rejection of one of the member's own photos (still on their page). */
export async function appealPhotoRejection(
  userId: number,
  photoId: number,
  text: string,
): Promise<PhotoAppealResult> {
  const photo = await db().photo.findFirst({
    where: {
      id: photoId,
      status: "deleted",
      rejectionReason: { not: null },
      hiddenByOwnerAt: null,
      profile: { userId },
    },
    select: {
      id: true,
      appeal: { select: { id: true } },
      profile: { select: { user: { select: { siteId: true } } } },
    },
  });
  if (!photo) return { ok: false, error: "notFound" };
  if (photo.appeal) return { ok: false, error: "alreadyAppealed" };
  try {
    await db().appeal.create({
      data: { siteId: photo.profile.user.siteId, userId, kind: "photo", photoId, text },
      select: { id: true },
    });
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "alreadyAppealed" };
    throw error;
  }
}

/**
 * An appeal against a ban, sent by someone who typed the account's address and password. Whatever
 * the address, password or account, the answer is the same `received`: only a right password of a
 * banned account stores an appeal (once per ban), so the form tells nobody whether an address has
 * an account or a ban. `rateLimited` when the IP or the address sent too many (both counted first,
 * for every try, so the form is no faster way to guess a password than the login).
 */
export async function appealBan({
  siteId,
  email,
  password,
  ip,
  text,
}: {
  siteId: number;
  email: string;
  password: string;
  ip: string;
  text: string;
}): Promise<"received" | "rateLimited"> {
  const address = normalizeEmail(email);
  if (
    !(await withinLimit(BAN_APPEALS_PER_IP, ip)) ||
    !(await withinLimit(BAN_APPEALS_PER_ADDRESS, address))
  ) {
    return "rateLimited";
  }
  const user = await db().user.findUnique({
    where: { siteId_email: { siteId, email: address } },
    select: { id: true, passwordHash: true, status: true },
  });
  // Checked for an unknown address too (against a stand-in hash), so the time taken tells nothing.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordOk || user.status !== "banned") return "received";
  const ban = await db().ban.findFirst({
    where: { userId: user.id, liftedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!ban) return "received";
  try {
    await db().appeal.create({
      data: { siteId, userId: user.id, kind: "ban", banId: ban.id, text },
      select: { id: true },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return "received";
}
