import { describe, expect, it } from "vitest";
import { TRUST_LIMITS, trustLevel, type TrustFacts } from "./trust-level";

const now = new Date("2026-12-05T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

/** A confirmed account of today without photo, purchase, answers or reports. */
const fresh: TrustFacts = {
  confirmed: true,
  signupDate: daysAgo(0),
  paid: false,
  approvedPhoto: false,
  repliesReceived: 0,
  reporters: 0,
};

describe("trustLevel", () => {
  it("calls an account without photo, purchase or answer new, however old", () => {
    expect(trustLevel(fresh, now)).toBe("new");
    expect(trustLevel({ ...fresh, signupDate: daysAgo(400) }, now)).toBe("new");
  });

  it("makes a member known by an approved photo, a purchase or one answer", () => {
    expect(trustLevel({ ...fresh, approvedPhoto: true }, now)).toBe("known");
    expect(trustLevel({ ...fresh, paid: true }, now)).toBe("known");
    expect(trustLevel({ ...fresh, repliesReceived: 1 }, now)).toBe("known");
  });

  it("trusts a week-old account with a purchase or three answered conversations", () => {
    expect(trustLevel({ ...fresh, paid: true, signupDate: daysAgo(7) }, now)).toBe("trusted");
    expect(trustLevel({ ...fresh, repliesReceived: 3, signupDate: daysAgo(8) }, now)).toBe("trusted");
    // Younger than a week: not yet.
    expect(trustLevel({ ...fresh, paid: true, signupDate: daysAgo(6.9) }, now)).toBe("known");
    // Two answers and a photo over a week: known.
    expect(
      trustLevel({ ...fresh, repliesReceived: 2, approvedPhoto: true, signupDate: daysAgo(30) }, now),
    ).toBe("known");
  });

  it("lowers anyone reported by two different members to reported; one report does not", () => {
    const trusted = {
      ...fresh,
      paid: true,
      approvedPhoto: true,
      repliesReceived: 3,
      signupDate: daysAgo(90),
    };
    expect(trustLevel({ ...trusted, reporters: 1 }, now)).toBe("trusted");
    expect(trustLevel({ ...trusted, reporters: 2 }, now)).toBe("reported");
    expect(trustLevel({ ...fresh, reporters: 5 }, now)).toBe("reported");
  });

  it("keeps an unconfirmed member new, even with a purchase", () => {
    expect(trustLevel({ ...fresh, confirmed: false, paid: true, signupDate: daysAgo(30) }, now)).toBe("new");
  });

  it("lets the number of new conversations grow with trust; contact details only from known on", () => {
    expect(TRUST_LIMITS.reported.conversationsPerDay).toBeLessThan(TRUST_LIMITS.new.conversationsPerDay!);
    expect(TRUST_LIMITS.new.conversationsPerDay).toBeLessThan(TRUST_LIMITS.known.conversationsPerDay!);
    expect(TRUST_LIMITS.trusted.conversationsPerDay).toBeNull();
    expect([TRUST_LIMITS.reported, TRUST_LIMITS.new].some((limit) => limit.contactDetails)).toBe(false);
    expect(TRUST_LIMITS.known.contactDetails && TRUST_LIMITS.trusted.contactDetails).toBe(true);
  });
});
