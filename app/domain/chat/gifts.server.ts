import { db } from "~/lib/db.server";

/** One gift of a site's catalogue; its name is translated by code (`chat-extras:gifts.<code>`). */
export interface GiftItem {
  id: number;
  code: string;
  /** A public path, e.g. "/gifts/rose.svg". */
  image: string;
  /** Its names by language as an admin set them (the picker's; a language without one uses the translation). */
  names?: Partial<Record<string, string>>;
}

/** The gifts a member of the site can send: active ones, in catalogue order, each at the site's `giftCredits`. */
export function giftCatalogue(siteId: number): Promise<GiftItem[]> {
  return db().gift.findMany({
    where: { siteId, active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true, code: true, image: true },
  });
}
