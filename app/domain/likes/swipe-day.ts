/**
 * Days of the swipe game: a day runs from midnight to midnight in the site's time zone (an IANA
 * name such as "Europe/Amsterdam"), so a member's daily likes start again at the site's midnight,
 * also on the 23- and 25-hour days of a daylight-saving change.
 */

const HOUR_MS = 3_600_000;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date and time of an instant in a time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(at))
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return parts;
}

/** How far the time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

const sameDay = (a: CalendarDay, b: CalendarDay) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** The first instant of a calendar day in a time zone (01:00 where midnight is skipped by a clock change). */
function dayStart(day: CalendarDay, timeZone: string): number {
  const midnightAsUtc = Date.UTC(day.year, day.month - 1, day.day);
  // The offset at a first guess, then the offset at the instant that guess gives.
  const guess = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  let at = midnightAsUtc - offsetAt(guess, timeZone);
  const w = wallClock(at, timeZone);
  if (!sameDay(w, day)) {
    // Midnight skipped (the clock jumps from 23:59 to 01:00): the day starts at the jump, which is
    // where the evening's clock would have reached midnight.
    at += (24 * 3600 - (w.hour * 3600 + w.minute * 60 + w.second)) * 1000;
  } else if (sameDay(wallClock(at - HOUR_MS, timeZone), day)) {
    // Midnight happening twice (the clock goes back over it): the day starts at the first one.
    at -= HOUR_MS;
  }
  return at;
}

function calendarDay(at: number, timeZone: string): CalendarDay {
  const { year, month, day } = wallClock(at, timeZone);
  return { year, month, day };
}

function followingDay({ year, month, day }: CalendarDay): CalendarDay {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The start of the site day that contains `now`. */
export function startOfSiteDay(now: Date, timeZone: string): Date {
  return new Date(dayStart(calendarDay(now.getTime(), timeZone), timeZone));
}

/** The start of the site day after the one that contains `now` (the next midnight there). */
function nextSiteMidnight(now: Date, timeZone: string): Date {
  return new Date(dayStart(followingDay(calendarDay(now.getTime(), timeZone)), timeZone));
}

/** Whether two instants fall on the same site day. */
export function sameSiteDay(a: Date, b: Date, timeZone: string): boolean {
  return sameDay(calendarDay(a.getTime(), timeZone), calendarDay(b.getTime(), timeZone));
}

/**
 * When the game opens again after the day's last allowed like: the later of the next midnight
 * (site time) after that like and the like's time plus the waiting hours.
 */
export function reopensAt(lastLikeAt: Date, timeZone: string, waitHours: number): Date {
  const midnight = nextSiteMidnight(lastLikeAt, timeZone).getTime();
  return new Date(Math.max(midnight, lastLikeAt.getTime() + waitHours * HOUR_MS));
}

/** Whole hours until `until`, rounded up (at least 1 while there is time left; 0 when it has passed). */
export function hoursUntil(until: Date, now: Date): number {
  const ms = until.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / HOUR_MS);
}
