import { describe, expect, it } from "vitest";
import { hoursUntil, isTimeZone, reopensAt, sameSiteDay, startOfSiteDay } from "./swipe-day";

const AMS = "Europe/Amsterdam";
const at = (iso: string) => new Date(iso);
/** The next site midnight: when the game opens again with no waiting hours. */
const nextMidnight = (now: Date, timeZone: string) => reopensAt(now, timeZone, 0);

describe("startOfSiteDay", () => {
  it("is local midnight in winter (UTC+1) and summer (UTC+2)", () => {
    expect(startOfSiteDay(at("2026-01-15T10:00:00Z"), AMS).toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfSiteDay(at("2026-07-15T10:00:00Z"), AMS).toISOString()).toBe("2026-07-14T22:00:00.000Z");
  });

  it("puts 23:30 local into the day before and 00:30 local into the new day", () => {
    // 2026-01-14 23:30 in Amsterdam is 22:30 UTC; 2026-01-15 00:30 is 23:30 UTC the day before.
    expect(startOfSiteDay(at("2026-01-14T22:30:00Z"), AMS).toISOString()).toBe("2026-01-13T23:00:00.000Z");
    expect(startOfSiteDay(at("2026-01-14T23:30:00Z"), AMS).toISOString()).toBe("2026-01-14T23:00:00.000Z");
  });

  it("counts from exactly midnight", () => {
    expect(startOfSiteDay(at("2026-01-14T23:00:00Z"), AMS).toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfSiteDay(at("2026-01-14T22:59:59.999Z"), AMS).toISOString()).toBe(
      "2026-01-13T23:00:00.000Z",
    );
  });

  it("handles the days of the clock changes (23 and 25 hours)", () => {
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00.
    const march = startOfSiteDay(at("2026-03-29T20:00:00Z"), AMS);
    expect(march.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(nextMidnight(march, AMS).getTime() - march.getTime()).toBe(23 * 3_600_000);
    const october = startOfSiteDay(at("2026-10-25T20:00:00Z"), AMS);
    expect(october.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(nextMidnight(october, AMS).getTime() - october.getTime()).toBe(25 * 3_600_000);
  });

  it("works in other zones, including one whose midnight is skipped by a clock change", () => {
    expect(startOfSiteDay(at("2026-01-15T03:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-01-14T05:00:00.000Z",
    );
    expect(startOfSiteDay(at("2026-01-15T03:00:00Z"), "Asia/Tokyo").toISOString()).toBe(
      "2026-01-14T15:00:00.000Z",
    );
    // Chile moves from 24:00 to 01:00 on the first Sunday of September: that day starts at 01:00 (-03).
    expect(startOfSiteDay(at("2026-09-06T12:00:00Z"), "America/Santiago").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
    expect(startOfSiteDay(at("2026-01-15T12:00:00Z"), "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });
});

describe("the next midnight and sameSiteDay", () => {
  it("gives the following local midnight", () => {
    expect(nextMidnight(at("2026-01-14T22:30:00Z"), AMS).toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(nextMidnight(at("2026-12-31T23:30:00Z"), AMS).toISOString()).toBe("2027-01-01T23:00:00.000Z");
  });

  it("compares days in the site's zone, not in UTC", () => {
    expect(sameSiteDay(at("2026-01-14T22:30:00Z"), at("2026-01-14T23:30:00Z"), AMS)).toBe(false);
    expect(sameSiteDay(at("2026-01-14T23:30:00Z"), at("2026-01-15T22:00:00Z"), AMS)).toBe(true);
    expect(sameSiteDay(at("2026-01-14T22:30:00Z"), at("2026-01-14T23:30:00Z"), "UTC")).toBe(true);
  });
});

describe("reopensAt", () => {
  it("is the last like plus the waiting hours when that is after midnight", () => {
    // Last like at 23:30 local: 8 hours later is 07:30 the next morning.
    expect(reopensAt(at("2026-01-14T22:30:00Z"), AMS, 8).toISOString()).toBe("2026-01-15T06:30:00.000Z");
  });

  it("is the next midnight when the waiting hours end before it", () => {
    // Last like at 00:30 local: 08:30 is earlier than the next midnight.
    expect(reopensAt(at("2026-01-14T23:30:00Z"), AMS, 8).toISOString()).toBe("2026-01-15T23:00:00.000Z");
  });

  it("follows the waiting hours setting", () => {
    expect(reopensAt(at("2026-01-15T20:00:00Z"), AMS, 2).toISOString()).toBe("2026-01-15T23:00:00.000Z");
    expect(reopensAt(at("2026-01-15T20:00:00Z"), AMS, 0).toISOString()).toBe("2026-01-15T23:00:00.000Z");
    expect(reopensAt(at("2026-01-15T20:00:00Z"), AMS, 24).toISOString()).toBe("2026-01-16T20:00:00.000Z");
  });
});

describe("hoursUntil and isTimeZone", () => {
  it("rounds up to whole hours", () => {
    const now = at("2026-01-15T10:00:00Z");
    expect(hoursUntil(at("2026-01-15T17:00:00Z"), now)).toBe(7);
    expect(hoursUntil(at("2026-01-15T17:00:01Z"), now)).toBe(8);
    expect(hoursUntil(at("2026-01-15T10:01:00Z"), now)).toBe(1);
    expect(hoursUntil(now, now)).toBe(0);
  });

  it("knows real zone names", () => {
    expect(isTimeZone(AMS)).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
