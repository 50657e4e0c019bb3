import { describe, expect, it } from "vitest";
import { inactivityWindow, messageMailAllowed, unreadReminderDue, weeklyUpdateSince } from "./mail-schedule";
import { mailingParagraphs } from "./mailing-types";

const now = new Date("2026-11-23T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
const DAY = 24 * 3600_000;

describe("notification mail timing", () => {
  it("allows a new-messages mail per conversation once in 6 hours", () => {
    expect(messageMailAllowed(null, now)).toBe(true);
    expect(messageMailAllowed(hoursAgo(5.9), now)).toBe(false);
    expect(messageMailAllowed(hoursAgo(6), now)).toBe(true);
  });

  it("reminds of an unread message a day after it came", () => {
    expect(unreadReminderDue(hoursAgo(3))).toEqual(new Date(now.getTime() + 21 * 3600_000));
  });

  it("lists the members of the last week in the weekly update, or those since a later update", () => {
    expect(weeklyUpdateSince(null, now)).toEqual(new Date(now.getTime() - 7 * DAY));
    expect(weeklyUpdateSince(hoursAgo(8 * 24), now)).toEqual(new Date(now.getTime() - 7 * DAY));
    expect(weeklyUpdateSince(hoursAgo(24), now)).toEqual(hoursAgo(24));
  });

  it("looks for inactive members in a week-long window after each step", () => {
    expect(inactivityWindow(7, now)).toEqual({
      from: new Date(now.getTime() - 14 * DAY),
      to: new Date(now.getTime() - 7 * DAY),
    });
    expect(inactivityWindow(30, now)).toEqual({
      from: new Date(now.getTime() - 37 * DAY),
      to: new Date(now.getTime() - 30 * DAY),
    });
  });
});

describe("mailing paragraphs", () => {
  it("splits on blank lines and joins single line breaks", () => {
    expect(mailingParagraphs("Eerste regel\ntweede regel.\r\n\r\n  Tweede alinea. \n\n\n\nDerde")).toEqual([
      "Eerste regel tweede regel.",
      "Tweede alinea.",
      "Derde",
    ]);
    expect(mailingParagraphs(" \n \n")).toEqual([]);
  });
});
