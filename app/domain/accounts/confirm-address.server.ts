import { db } from "~/lib/db.server";

/**
 * A link mailed to the member's address was followed (activation, password reset, e-mail change):
 * the address is theirs. An unconfirmed member becomes confirmed, and their profile, disabled until
 * then, active. Statements for one `$transaction`, in this order: the profile is enabled only while
 * the account is still unconfirmed.
 */
export function confirmAddress(userId: number) {
  return [
    db().profile.updateMany({
      where: { userId, status: "disabled", user: { status: "not_confirmed" } },
      data: { status: "active" },
    }),
    db().user.updateMany({
      where: { id: userId, status: "not_confirmed" },
      data: { status: "confirmed" },
    }),
  ];
}
