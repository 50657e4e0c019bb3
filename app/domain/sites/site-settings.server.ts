// Saving a section of /staff/settings: the site's row changes, the staff log gets the changed
// fields before and after (decision 0023), and every app process is told to drop its cached site;
// all in one transaction, so the change, its log row and the notice stand or fall together.
import { announceSiteChange } from "~/domain/core/site-changes.server";
import { recordStaffAction, type StaffActor } from "~/domain/staff/staff-actions.server";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/lib/db.server";
import { changedSettings, settingSections, type SettingSection, type SettingValues } from "./site-settings";

/** Every column the page edits (the choices do not matter for the names). */
const SETTING_NAMES = Object.values(settingSections({ visibleProfileFields: [], searchFields: [] })).flatMap(
  (fields) => Object.keys(fields),
);
const settingsSelect = Object.fromEntries(SETTING_NAMES.map((name) => [name, true])) as Prisma.SiteSelect;

/** The site's current settings as stored, read afresh (never from the cache: staff edit these). */
export async function readSiteSettings(siteId: number): Promise<SettingValues> {
  return (await db().site.findUniqueOrThrow({
    where: { id: siteId },
    select: settingsSelect,
  })) as unknown as SettingValues;
}

export type SaveSettingsResult = { changed: string[] };

/**
 * Stores one section's values for the staff member's own site. Nothing changed: nothing is written
 * or logged, and `changed` is empty.
 */
export async function saveSiteSettings(
  staff: StaffActor,
  section: SettingSection,
  values: SettingValues,
): Promise<SaveSettingsResult> {
  const names = Object.keys(settingSections({ visibleProfileFields: [], searchFields: [] })[section]);
  const after = Object.fromEntries(names.map((name) => [name, values[name] ?? null])) as SettingValues;
  return db().$transaction(async (tx) => {
    // The row is locked so that two admins saving at once each log what they really replaced.
    await tx.$queryRaw`SELECT id FROM "Site" WHERE id = ${staff.siteId} FOR UPDATE`;
    const current = (await tx.site.findUniqueOrThrow({
      where: { id: staff.siteId },
      select: Object.fromEntries(names.map((name) => [name, true])),
    })) as unknown as SettingValues;
    const diff = changedSettings(current, after);
    const changed = Object.keys(diff.after);
    if (changed.length === 0) return { changed };
    await tx.site.update({
      where: { id: staff.siteId },
      data: diff.after as Prisma.SiteUpdateInput,
      select: { id: true },
    });
    await recordStaffAction(tx, staff, "settings_changed", staff.siteId, diff as Prisma.InputJsonObject);
    await announceSiteChange(tx, staff.siteId);
    return { changed };
  });
}
