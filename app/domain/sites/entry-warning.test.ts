import { describe, expect, it } from "vitest";
import { shouldShowEntryWarning } from "./entry-warning";

const visitor: Parameters<typeof shouldShowEntryWarning>[0] = {
  layout: "default",
  installedApp: false,
  loggedIn: false,
  setting: "yes",
  dismissedAt: null,
  country: "NL",
};

describe("shouldShowEntryWarning", () => {
  it("shows for a new visitor", () => {
    expect(shouldShowEntryWarning(visitor)).toBe(true);
  });

  it("does not show in installed-app mode, when logged in, or once dismissed", () => {
    expect(shouldShowEntryWarning({ ...visitor, installedApp: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, loggedIn: true })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, dismissedAt: Date.now() })).toBe(false);
  });

  it("does not show when the setting is no", () => {
    expect(shouldShowEntryWarning({ ...visitor, setting: "no" })).toBe(false);
  });

  it("applies a country filter in the setting", () => {
    expect(shouldShowEntryWarning({ ...visitor, setting: "DE,AT", country: "AT" })).toBe(true);
    expect(shouldShowEntryWarning({ ...visitor, setting: "DE,AT", country: "NL" })).toBe(false);
    expect(shouldShowEntryWarning({ ...visitor, setting: "de", country: "DE" })).toBe(true);
  });

  it("on the chat and lander layouts shows for NL and DE only", () => {
    for (const layout of ["chat", "lander"] as const) {
      expect(shouldShowEntryWarning({ ...visitor, layout, country: "NL" })).toBe(true);
      expect(shouldShowEntryWarning({ ...visitor, layout, country: "DE" })).toBe(true);
      expect(shouldShowEntryWarning({ ...visitor, layout, country: "BE" })).toBe(false);
    }
  });

  it("never shows on the empty layout", () => {
    expect(shouldShowEntryWarning({ ...visitor, layout: "empty" })).toBe(false);
  });
});
