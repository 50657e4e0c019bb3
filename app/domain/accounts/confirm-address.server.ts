import { db } from "~/lib/db.server";
import { voidLinks } from "./verification.server";

type Statement = ReturnType<typeof voidLinks>;

/**
 * A link mailed to the member's address was followed (activation, password reset, e-mail change):
 * the address is theirs. An unconfirmed member becomes confirmed, and their profile, disabled until
 * then, active, and the other activation links are void (one of them would log in whoever has it).
 * Statements for one `$transaction`, in this order: the profile is enabled only while the account is
 * still unconfirmed; the second statement's count says whether this confirmed it.
 */
export function confirmAddress(userId: number): [Statement, Statement, Statement] {
  return [
    db().profile.updateMany({
      where: { userId, status: "disabled", user: { status: "not_confirmed" } },
      data: { status: "active" },
    }),
    db().user.updateMany({
      where: { id: userId, status: "not_confirmed" },
      data: { status: "confirmed" },
    }),
    voidLinks(userId, ["activation"]),
  ];
}
