// Admins' gifts (/staff/gifts): create, change, switch off or on. A gift is never deleted: messages
// name it. Every change is logged with the fields before and after (decision 0023), in the same
// transaction; the picker reads the catalogue afresh, so a change shows on the next opening.
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { giftNamesOf, type GiftInput, type GiftNames, type StaffGiftView } from "./gift-schema";

const giftSelect = {
  id: true,
  code: true,
  image: true,
  names: true,
  sortOrder: true,
  active: true,
} satisfies Prisma.GiftSelect;

function view(row: Prisma.GiftGetPayload<{ select: typeof giftSelect }>): StaffGiftView {
  const names = row.names && typeof row.names === "object" && !Array.isArray(row.names) ? row.names : {};
  return { ...row, names: names as GiftNames };
}

/** Every gift of the site, switched-off ones too, in catalogue order. */
export async function listSiteGifts(siteId: number): Promise<StaffGiftView[]> {
  const rows = await db().gift.findMany({
    where: { siteId },
    select: giftSelect,
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
  });
  return rows.map(view);
}

export async function findSiteGift(siteId: number, id: number): Promise<StaffGiftView | null> {
  const row = await db().gift.findFirst({ where: { id, siteId }, select: giftSelect });
  return row && view(row);
}

export type SaveGiftResult =
  { ok: true; id: number; changed: boolean } | { ok: false; error: "notFound" | "codeTaken" };

/** Values compared as JSON, an object's keys in order (stored JSON keeps its own key order). */
function same(a: unknown, b: unknown): boolean {
  const sorted = (value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)))
      : value;
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Creates a gift (last in the catalogue) or changes one of the staff member's site. */
export async function saveGift(staff: StaffActor, input: GiftInput): Promise<SaveGiftResult> {
  const fields = { code: input.code, image: input.image, names: giftNamesOf(input), active: input.active };
  try {
    return await db().$transaction(async (tx): Promise<SaveGiftResult> => {
      if (input.id === undefined) {
        const last = await tx.gift.aggregate({ where: { siteId: staff.siteId }, _max: { sortOrder: true } });
        const created = await tx.gift.create({
          data: { siteId: staff.siteId, ...fields, sortOrder: (last._max.sortOrder ?? -1) + 1 },
          select: { id: true },
        });
        await recordStaffAction(tx, staff, "gift_created", created.id, { after: fields });
        return { ok: true, id: created.id, changed: true };
      }
      const current = await tx.gift.findFirst({
        where: { id: input.id, siteId: staff.siteId },
        select: giftSelect,
      });
      if (!current) return { ok: false, error: "notFound" };
      const before = view(current);
      const names = (Object.keys(fields) as (keyof typeof fields)[]).filter(
        (name) => !same(before[name], fields[name]),
      );
      if (names.length === 0) return { ok: true, id: current.id, changed: false };
      const diff = {
        before: Object.fromEntries(names.map((name) => [name, before[name]])),
        after: Object.fromEntries(names.map((name) => [name, fields[name]])),
      };
      await tx.gift.update({ where: { id: current.id }, data: diff.after, select: { id: true } });
      await recordStaffAction(tx, staff, "gift_updated", current.id, diff as Prisma.InputJsonObject);
      return { ok: true, id: current.id, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "codeTaken" };
    throw error;
  }
}

/** Switches a gift of the site off or on; false when the site has no such gift. */
export async function setGiftActive(staff: StaffActor, id: number, active: boolean): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const current = await tx.gift.findFirst({
      where: { id, siteId: staff.siteId },
      select: { active: true },
    });
    if (!current) return false;
    if (current.active === active) return true;
    await tx.gift.update({ where: { id }, data: { active }, select: { id: true } });
    await recordStaffAction(tx, staff, "gift_updated", id, {
      before: { active: current.active },
      after: { active },
    });
    return true;
  });
}
