// Staff's campaign links (/staff/campaigns): list, create, edit, switch on and off. Always within
// the staff member's own site; a link of another site does not exist here.
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { CampaignLinkInput, CampaignLinkView } from "./campaign-schema";

/** More links than staff manage by hand; the list stops here. */
export const CAMPAIGN_LIST_LIMIT = 500;

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

export type SaveCampaignLinkResult =
  { ok: true; id: number } | { ok: false; error: "tokenTaken" | "notFound" };

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Creates the link, or changes the one with `input.id` when it belongs to the site. */
export async function saveCampaignLink(
  siteId: number,
  input: CampaignLinkInput,
): Promise<SaveCampaignLinkResult> {
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
    if (input.id === undefined) {
      const created = await db().campaignLink.create({ data: { siteId, ...fields }, select: { id: true } });
      return { ok: true, id: created.id };
    }
    const { count } = await db().campaignLink.updateMany({ where: { id: input.id, siteId }, data: fields });
    return count === 1 ? { ok: true, id: input.id } : { ok: false, error: "notFound" };
  } catch (error) {
    // Another request took the token between the check and the write.
    if (isUniqueViolation(error)) return { ok: false, error: "tokenTaken" };
    throw error;
  }
}

/** Switches a link of the site on or off; false when the site has no such link. */
export async function setCampaignLinkActive(siteId: number, id: number, active: boolean): Promise<boolean> {
  const { count } = await db().campaignLink.updateMany({ where: { id, siteId }, data: { active } });
  return count === 1;
}
