import { describe, expect, it } from "vitest";
import { overviewRanges } from "./overview-periods";

describe("overviewRanges", () => {
  it("starts the days at midnight in the site's time zone", () => {
    const now = new Date("2026-03-10T11:00:00Z");
    expect(overviewRanges(now, "Europe/Amsterdam")).toEqual({
      today: { from: new Date("2026-03-09T23:00:00Z"), to: now },
      yesterday: { from: new Date("2026-03-08T23:00:00Z"), to: new Date("2026-03-09T23:00:00Z") },
      week: { from: new Date("2026-03-03T23:00:00Z"), to: now },
    });
  });

  it("spans seven calendar days across a change to summer time", () => {
    // Summer time began on 29 March 2026: the week holds one 23-hour day.
    const now = new Date("2026-04-01T08:00:00Z");
    const { today, week } = overviewRanges(now, "Europe/Amsterdam");
    expect(today.from).toEqual(new Date("2026-03-31T22:00:00Z"));
    expect(week.from).toEqual(new Date("2026-03-25T23:00:00Z"));
  });
});
