// The site's staff accounts (/staff/team, admins only): invite by address with a role, change a
// role, revoke (back to member, every session ended so the back office closes at once). Each
// decision is one staff log row in the transaction that makes it. An admin never changes their own
// role, so a slip cannot leave a site without an admin.
import type { Site } from "~/domain/sites/site.server";
import { sendAccountMail } from "~/domain/notifications/account-mail.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import type { UserRole } from "~/generated/prisma/enums";
import { db } from "~/lib/db.server";
import { translatorFor } from "~/lib/translator.server";
import { isDisposableEmail } from "./disposable-email.server";
import { normalizeEmail } from "./email";
import { createVerification } from "./verification.server";

export type StaffRole = Exclude<UserRole, "member">;

export interface StaffMemberView {
  id: number;
  email: string;
  role: StaffRole;
  /** Whether a password was set (an invited address that never used its link has none). */
  hasPassword: boolean;
}

/** The site's support and admin accounts, admins first. */
export async function listStaff(siteId: number): Promise<StaffMemberView[]> {
  const rows = await db().user.findMany({
    where: { siteId, role: { in: ["admin", "support"] } },
    orderBy: [{ role: "asc" }, { email: "asc" }],
    select: { id: true, email: true, role: true, passwordHash: true },
  });
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role as StaffRole,
    hasPassword: r.passwordHash !== null,
  }));
}

/** The role as the mail's reader calls it ("beheerder", "support"). */
const roleName = (language: string, role: StaffRole) =>
  translatorFor(language)(`roles.${role}`, { ns: "mail" });

type InviteResult =
  | { ok: true; userId: number; created: boolean }
  | { ok: false; error: "alreadyStaff" | "notInvitable" | "disposable" };

/**
 * Invites `email` to the staff with `role`: an address without an account on the site gets a new
 * account (confirmed, no profile, no password) and a mail with a one-time link to set the password
 * (the password-reset link, so no password travels by mail); a member's account gets the role and a
 * mail saying so. Deleted or banned accounts are not made staff, and a throw-away address gets no
 * account (the password link and every staff mail go to it).
 */
export async function inviteStaff(
  admin: StaffActor,
  input: { email: string; role: StaffRole },
  { site, origin, language }: { site: Pick<Site, "name" | "domain">; origin: string; language: string },
): Promise<InviteResult> {
  const email = normalizeEmail(input.email);
  if (isDisposableEmail(email)) return { ok: false, error: "disposable" };
  const existing = await db().user.findUnique({
    where: { siteId_email: { siteId: admin.siteId, email } },
    select: {
      id: true,
      role: true,
      status: true,
      language: true,
      passwordHash: true,
      profile: { select: { name: true } },
    },
  });
  if (existing && existing.role !== "member") return { ok: false, error: "alreadyStaff" };
  if (existing && (existing.status === "deleted" || existing.status === "banned")) {
    return { ok: false, error: "notInvitable" };
  }
  return db().$transaction(async (tx) => {
    if (existing) {
      const { count } = await tx.user.updateMany({
        where: { id: existing.id, role: "member" },
        data: { role: input.role },
      });
      if (count !== 1) return { ok: false as const, error: "alreadyStaff" as const };
      await recordStaffAction(tx, admin, "staff_invited", existing.id, {
        before: { role: "member" },
        after: { role: input.role },
      });
      await sendAccountMail(
        {
          kind: "staffRoleGiven",
          to: email,
          userId: existing.id,
          language: existing.language,
          site,
          name: existing.profile?.name ?? undefined,
          link: `${origin}/staff`,
          values: { role: roleName(existing.language, input.role) },
        },
        tx,
      );
      return { ok: true as const, userId: existing.id, created: false };
    }
    const user = await tx.user.create({
      data: { siteId: admin.siteId, email, role: input.role, status: "confirmed", language },
      select: { id: true },
    });
    await recordStaffAction(tx, admin, "staff_invited", user.id, {
      before: {},
      after: { role: input.role, account: "new" },
    });
    const token = await createVerification({ type: "reset_password", userId: user.id, target: email }, tx);
    await sendAccountMail(
      {
        kind: "staffInvite",
        to: email,
        userId: user.id,
        language,
        site,
        link: `${origin}/reset-password/do?token=${encodeURIComponent(token)}`,
        values: { role: roleName(language, input.role) },
      },
      tx,
    );
    return { ok: true as const, userId: user.id, created: true };
  });
}

type StaffChangeResult = { ok: true } | { ok: false; error: "notFound" | "self" };

/** Loads a staff account of the admin's site for a change; refuses the admin's own. */
async function staffTarget(admin: StaffActor, userId: number) {
  if (userId === admin.id) return "self" as const;
  const user = await db().user.findFirst({
    where: { id: userId, siteId: admin.siteId, role: { in: ["admin", "support"] } },
    select: { id: true, role: true },
  });
  return user ?? ("notFound" as const);
}

/** Gives a staff account of the site another staff role; the same role changes nothing and logs nothing. */
export async function changeStaffRole(
  admin: StaffActor,
  userId: number,
  role: StaffRole,
): Promise<StaffChangeResult> {
  const target = await staffTarget(admin, userId);
  if (typeof target === "string") return { ok: false, error: target };
  if (target.role === role) return { ok: true };
  return db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: userId, role: target.role }, data: { role } });
    if (count !== 1) return { ok: false as const, error: "notFound" as const };
    await recordStaffAction(tx, admin, "staff_role_changed", userId, {
      before: { role: target.role },
      after: { role },
    });
    return { ok: true as const };
  });
}

/**
 * Takes a staff account of the site back to member and ends all its sessions in the same
 * transaction: the next request of that browser is a visitor's, so the back office closes at once.
 */
export async function revokeStaff(admin: StaffActor, userId: number): Promise<StaffChangeResult> {
  const target = await staffTarget(admin, userId);
  if (typeof target === "string") return { ok: false, error: target };
  return db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, role: target.role },
      data: { role: "member" },
    });
    if (count !== 1) return { ok: false as const, error: "notFound" as const };
    const sessions = await tx.session.deleteMany({ where: { userId } });
    await recordStaffAction(tx, admin, "staff_revoked", userId, {
      before: { role: target.role },
      after: { role: "member" },
      sessionsEnded: sessions.count,
    });
    return { ok: true as const };
  });
}
