import { ageOn } from "~/domain/profiles/age";
import { shownToOthers } from "~/domain/profiles/member-card";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import type { MemberLanderProfile } from "./designs";

/** Photos a member lander shows at most (main photo first). */
const PHOTOS = 4;

const visibleProfile = (siteId: number, profileId: number) =>
  ({
    id: profileId,
    status: "active",
    user: { siteId, status: "confirmed", invisible: false },
  }) satisfies Prisma.ProfileWhereInput;

/**
 * The public profile a member lander is built around: only an active profile of a confirmed,
 * visible member of this site (anything else is null: a 404), with what the site's
 * `visible_profile_fields` allow.
 */
export async function loadMemberLander(
  site: { id: number; visibleProfileFields: readonly string[] },
  profileId: number,
): Promise<MemberLanderProfile | null> {
  const profile = await db().profile.findFirst({
    where: visibleProfile(site.id, profileId),
    select: {
      id: true,
      name: true,
      dateOfBirth: true,
      city: true,
      region: true,
      country: true,
      isFictional: true,
      // Read on its own: the main photo may be any of the member's photos, not only the oldest.
      mainPhoto: { select: { id: true, width: true, height: true, status: true, visibility: true } },
      photos: {
        where: { status: "active", visibility: "public" },
        orderBy: { id: "asc" },
        take: PHOTOS,
        select: { id: true, width: true, height: true },
      },
    },
  });
  if (!profile) return null;
  const { dateOfBirth, mainPhoto, photos, ...rest } = profile;
  const main =
    mainPhoto?.status === "active" && mainPhoto.visibility === "public"
      ? { id: mainPhoto.id, width: mainPhoto.width, height: mainPhoto.height }
      : null;
  const ordered = [...(main ? [main] : []), ...photos.filter((p) => p.id !== main?.id)].slice(0, PHOTOS);
  return shownToOthers({ ...rest, age: ageOn(dateOfBirth), photos: ordered }, site.visibleProfileFields);
}

const MEMBER_LANDER = /^members\/(\d{1,10})\//;

/** The lander attribution of a member lander: "members/12/landing", "members/12/landing2/summer". */
export function memberLanderName(profileId: number, kind: string, slug: string | null) {
  return `members/${profileId}/${kind}${slug ? `/${slug}` : ""}`;
}

/**
 * Where a member goes after confirming the e-mail address: who signed up on a member lander goes
 * straight to the chat with that member (while that profile can still be seen), others get null.
 */
export async function chatAfterActivation(userId: number): Promise<string | null> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { siteId: true, lander: true } });
  const match = user?.lander ? MEMBER_LANDER.exec(user.lander) : null;
  if (!user || !match) return null;
  const profileId = Number(match[1]);
  const visible = await db().profile.count({ where: visibleProfile(user.siteId, profileId) });
  return visible > 0 ? `/members/${profileId}/chat` : null;
}
