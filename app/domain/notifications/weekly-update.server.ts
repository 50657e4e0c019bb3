import { ageOn } from "~/domain/profiles/age";
import { shownToOthers } from "~/domain/profiles/member-card";
import { defaultFilters } from "~/domain/search/search.server";
import { searchViewer } from "~/domain/search/search-viewer.server";
import { db } from "~/lib/db.server";
import { QUEUES, jobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import { WEEKLY_UPDATE_INTERVAL_MS, later, weeklyUpdateSince } from "./mail-schedule";
import { sendNotificationMail } from "./notification-mail.server";
import { wantsMailWhere } from "./wants-mail";

/** Members per batch job; the next batch is a job of its own (another process may take it). */
const WEEKLY_BATCH = 200;
const WEEKLY_MEMBERS = 6;

export interface WeeklyUpdatesJob {
  /** The batch starts after this user id (0: a new run). */
  afterId?: number;
}

/**
 * Up to six members who joined since `since`, matching the member's default search (the gender they
 * seek in their own country, as /members shows without filters), newest first. Reads
 * Profile_search_country_idx (listedSiteId, country, createdAt). Age and place as the site's
 * `visibleFields` (visible_profile_fields) allow; `place` is null when neither city nor region may be
 * shown (the mail then names the country, which is always shown).
 */
async function newMatchesFor(
  userId: number,
  site: { id: number; visibleProfileFields: readonly string[] },
  since: Date,
) {
  const viewer = await searchViewer(userId);
  const own = viewer.profile;
  if (!own) return [];
  const filters = defaultFilters(viewer, {
    country: own.country,
    siteCountries: [],
    selectedCountry: own.country,
  });
  const profiles = await db().profile.findMany({
    where: {
      status: "active",
      createdAt: { gte: since },
      ...(filters.country ? { country: filters.country } : {}),
      ...(filters.gender ? { gender: filters.gender } : {}),
      userId: { notIn: viewer.hiddenUserIds },
      listedSiteId: site.id,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: WEEKLY_MEMBERS,
    select: { id: true, name: true, dateOfBirth: true, city: true, region: true, country: true },
  });
  return profiles.map(({ id, name, dateOfBirth, country, ...place }) => {
    const shown = shownToOthers({ ...place, age: ageOn(dateOfBirth) }, site.visibleProfileFields);
    return { profileId: id, name, age: shown.age, place: shown.city ?? shown.region, country };
  });
}

/**
 * One batch of the weekly update run: members (by id) who want it and got none in the last 7 days
 * each get the new members of the week matching their search, when there are any. Claimed per
 * member with one UPDATE in the transaction that queues the mail, so a batch taken twice sends
 * nothing twice, and a member whose mail failed to queue is not marked (a retry mails them).
 * Returns the last id or null at the end.
 */
async function sendWeeklyUpdates(afterId: number, now = new Date()): Promise<number | null> {
  const weekAgo = later(now, -WEEKLY_UPDATE_INTERVAL_MS);
  const members = await db().user.findMany({
    where: {
      id: { gt: afterId },
      ...wantsMailWhere("weekly_updates"),
      OR: [{ weeklyUpdateSentAt: null }, { weeklyUpdateSentAt: { lte: weekAgo } }],
      profile: { is: { status: "active" } },
    },
    orderBy: { id: "asc" },
    take: WEEKLY_BATCH,
    select: {
      id: true,
      siteId: true,
      email: true,
      language: true,
      weeklyUpdateSentAt: true,
      site: { select: { name: true, domain: true, visibleProfileFields: true } },
      profile: { select: { name: true } },
    },
  });
  for (const member of members) {
    const since = weeklyUpdateSince(member.weeklyUpdateSentAt, now);
    const matches = await newMatchesFor(member.id, { id: member.siteId, ...member.site }, since);
    if (matches.length === 0) continue;
    const t = translatorFor(member.language);
    await db().$transaction(async (tx) => {
      const claimed = await tx.user.updateMany({
        where: {
          id: member.id,
          OR: [{ weeklyUpdateSentAt: null }, { weeklyUpdateSentAt: { lte: weekAgo } }],
        },
        data: { weeklyUpdateSentAt: now },
      });
      if (claimed.count === 0) return;
      await sendNotificationMail(
        {
          to: { ...member, name: member.profile?.name ?? "" },
          key: "weekly_updates",
          kind: "weeklyUpdate",
          path: "/members",
          values: { count: matches.length },
          list: matches.map((m) => {
            const place = m.place ?? t(`profile:countries.${m.country}`, { defaultValue: m.country });
            return {
              title: m.name,
              detail: m.age === null ? place : t("weeklyUpdate.member", { ns: "mail", count: m.age, place }),
              url: `/members/${m.profileId}`,
            };
          }),
        },
        tx,
      );
    });
  }
  return members.length === WEEKLY_BATCH ? members.at(-1)!.id : null;
}

/** The job: one batch, then the next batch as a new job. */
export async function runWeeklyUpdates(job: WeeklyUpdatesJob, now = new Date()) {
  const lastId = await sendWeeklyUpdates(job.afterId ?? 0, now);
  if (lastId !== null) {
    const boss = await jobs();
    await boss.send(QUEUES.weeklyUpdates, { afterId: lastId } satisfies WeeklyUpdatesJob);
  }
  return lastId;
}
