import { describe, expect, it } from "vitest";
import {
  formatCountdown,
  isMembersArea,
  timeBonusEndsAt,
  timeBonusSecondsLeft,
  timeBonusState,
} from "./time-bonus";

const signup = new Date("2025-03-01T12:00:00Z");
const after = (seconds: number) => new Date(signup.getTime() + seconds * 1000);
const newMember = { paidUser: false, signupDate: signup };
/** Whether the pages show the member a time bonus. */
const hasTimeBonus = (member: typeof newMember, now: Date) =>
  timeBonusState({ ...member, timeBonusDismissedAt: null }, now) !== null;

describe("time bonus window", () => {
  it("runs 14,400 s from signup", () => {
    expect(timeBonusEndsAt(signup).toISOString()).toBe("2025-03-01T16:00:00.000Z");
  });

  it("applies at 14,399 s after signup with 1 s left, not at 14,400 s or 14,401 s", () => {
    expect(hasTimeBonus(newMember, after(14_399))).toBe(true);
    expect(timeBonusSecondsLeft(newMember, after(14_399))).toBe(1);
    expect(hasTimeBonus(newMember, after(14_400))).toBe(false);
    expect(hasTimeBonus(newMember, after(14_401))).toBe(false);
    expect(timeBonusSecondsLeft(newMember, after(14_401))).toBe(0);
  });

  it("counts whole seconds left, rounded up, never more than the window", () => {
    expect(timeBonusSecondsLeft(newMember, after(0))).toBe(14_400);
    expect(timeBonusSecondsLeft(newMember, after(0.5))).toBe(14_400);
    expect(timeBonusSecondsLeft(newMember, after(1))).toBe(14_399);
    expect(timeBonusSecondsLeft(newMember, after(14_399.9))).toBe(1);
    // A signup date in the future (clocks apart) does not lengthen the bonus.
    expect(timeBonusSecondsLeft(newMember, after(-60))).toBe(14_400);
  });

  it("is never there for a member who paid or without a signup date", () => {
    expect(timeBonusSecondsLeft({ paidUser: true, signupDate: signup }, after(10))).toBe(0);
    expect(timeBonusSecondsLeft({ paidUser: false, signupDate: null }, after(10))).toBe(0);
  });
});

describe("formatCountdown", () => {
  it("shows zero-padded hours, minutes and seconds", () => {
    expect(formatCountdown(14_400)).toBe("04:00:00");
    expect(formatCountdown(14_399)).toBe("03:59:59");
    expect(formatCountdown(3_600 + 60 + 7)).toBe("01:01:07");
    expect(formatCountdown(59)).toBe("00:00:59");
    expect(formatCountdown(0)).toBe("00:00:00");
    expect(formatCountdown(-5)).toBe("00:00:00");
  });
});

describe("isMembersArea", () => {
  it.each(["/members", "/members/", "/members/12", "/chats", "/likes", "/likes/m/7", "/premium"])(
    "%s is in the members area",
    (path) => expect(isMembersArea(path)).toBe(true),
  );
  it.each(["/", "/credits", "/credits/3", "/members/12/chat", "/chats/5", "/likes/received", "/profile"])(
    "%s is not",
    (path) => expect(isMembersArea(path)).toBe(false),
  );
});
