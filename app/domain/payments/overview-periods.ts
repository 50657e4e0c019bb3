// The staff overview's periods (docs/product.md, Staff): today, yesterday and the last 7 days as
// the site's calendar has them.
import { startOfSiteDay } from "~/domain/likes/swipe-day";

export const OVERVIEW_PERIODS = ["today", "yesterday", "week"] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/** The time ranges of the periods: [from, to). */
export type PeriodRanges = Record<OverviewPeriod, { from: Date; to: Date }>;

const DAY_MS = 86_400_000;

/**
 * Today, yesterday and the last 7 days (today and the six days before) as the site's calendar
 * has them: a day begins at midnight in `timeZone`, also across a clock change.
 */
export function overviewRanges(now: Date, timeZone: string): PeriodRanges {
  const today = startOfSiteDay(now, timeZone);
  const yesterday = startOfSiteDay(new Date(today.getTime() - 1), timeZone);
  // About noon six days back, then that day's start: a 23- or 25-hour day between cannot move it
  // into another day.
  const weekStart = startOfSiteDay(new Date(today.getTime() - 6 * DAY_MS + DAY_MS / 2), timeZone);
  return {
    today: { from: today, to: now },
    yesterday: { from: yesterday, to: today },
    week: { from: weekStart, to: now },
  };
}
