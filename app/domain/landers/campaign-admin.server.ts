// Staff's campaign links (/staff/campaigns): list, create, edit, switch on and off, each change in the
// staff log. Always within the staff member's own site; a link of another site does not exist here.
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { CampaignLinkInput, CampaignLinkView } from "./campaign-schema";

/** More links than staff manage by hand; the list stops here. */
const CAMPAIGN_LIST_LIMIT = 500;

const linkSelect = {
  id: true,
  token: true,
  lander: true,
  slug: true,
  network: true,
  ref: true,
  sub1: true,
  sub2: true,
  sub3: true,
  active: true,
} satisfies Prisma.CampaignLinkSelect;

export function listCampaignLinks(siteId: number): Promise<CampaignLinkView[]> {
  return db().campaignLink.findMany({
    where: { siteId },
    select: linkSelect,
    orderBy: { token: "asc" },
    take: CAMPAIGN_LIST_LIMIT,
  });
}

export function findCampaignLink(siteId: number, id: number): Promise<CampaignLinkView | null> {
  return db().campaignLink.findFirst({ where: { id, siteId }, select: linkSelect });
}

type SaveCampaignLinkResult = { ok: true; id: number } | { ok: false; error: "tokenTaken" | "notFound" };

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Creates the link, or changes the one with `input.id` when it belongs to the staff member's site;
 * the staff log gets a row with the saved fields in the same transaction.
 */
export async function saveCampaignLink(
  staff: StaffActor,
  input: CampaignLinkInput,
): Promise<SaveCampaignLinkResult> {
  const { siteId } = staff;
  const fields = {
    token: input.token,
    lander: input.lander,
    slug: input.slug || null,
    network: input.network || null,
    ref: input.ref || null,
    sub1: input.sub1 || null,
    sub2: input.sub2 || null,
    sub3: input.sub3 || null,
    active: input.active,
  };
  const taken = await db().campaignLink.findUnique({
    where: { siteId_token: { siteId, token: input.token } },
    select: { id: true },
  });
  if (taken && taken.id !== input.id) return { ok: false, error: "tokenTaken" };
  try {
    return await db().$transaction(async (tx): Promise<SaveCampaignLinkResult> => {
      if (input.id === undefined) {
        const created = await tx.campaignLink.create({ data: { siteId, ...fields }, select: { id: true } });
        await recordStaffAction(tx, staff, "campaign_link_created", created.id, fields);
        return { ok: true, id: created.id };
      }
      const { count } = await tx.campaignLink.updateMany({ where: { id: input.id, siteId }, data: fields });
      if (count !== 1) return { ok: false, error: "notFound" };
      await recordStaffAction(tx, staff, "campaign_link_updated", input.id, fields);
      return { ok: true, id: input.id };
    });
  } catch (error) {
    // Another request took the token between the check and the write.
    if (isUniqueViolation(error)) return { ok: false, error: "tokenTaken" };
    throw error;
  }
}

/**
 * Switches a link of the site on or off, logged in the staff log in the same transaction; false
 * when the site has no such link. A link already so changes nothing and logs nothing.
 */
export async function setCampaignLinkActive(
  staff: StaffActor,
  id: number,
  active: boolean,
): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const link = await tx.campaignLink.findFirst({
      where: { id, siteId: staff.siteId },
      select: { token: true, active: true },
    });
    if (!link) return false;
    if (link.active === active) return true;
    const { count } = await tx.campaignLink.updateMany({
      where: { id, active: link.active },
      data: { active },
    });
    if (count === 1) {
      await recordStaffAction(
        tx,
        staff,
        active ? "campaign_link_activated" : "campaign_link_deactivated",
        id,
        { token: link.token },
      );
    }
    return true;
  });
}
