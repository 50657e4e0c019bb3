import { db } from "~/lib/db.server";
import { ageOn } from "./age";
import { shownToOthers } from "./member-card";

/**
 * Recently joined visible members with an approved public main photo, for the home page; without
 * `hiddenUserIds` (a logged-in member and those hidden from them by blocks, see searchViewer).
 * Shows what the site's `visible_profile_fields` allow.
 */
export async function newestMembers(
  site: { id: number; visibleProfileFields: readonly string[] },
  hiddenUserIds: number[] = [],
  take = 12,
) {
  const profiles = await db().profile.findMany({
    where: {
      ...(hiddenUserIds.length > 0 ? { userId: { notIn: hiddenUserIds } } : {}),
      status: "active",
      listedSiteId: site.id,
      mainPhoto: { status: "active", visibility: "public" },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, name: true, dateOfBirth: true, city: true, region: true, mainPhotoId: true },
  });
  return profiles.map(({ dateOfBirth, ...profile }) =>
    shownToOthers({ ...profile, age: ageOn(dateOfBirth) }, site.visibleProfileFields),
  );
}
