import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { ActivationReminder } from "./activation-reminder";

const unconfirmed = { status: "not_confirmed", profileStatus: "disabled", notificationsDisabled: [] };

/** Whether the reminder shows for the user on the page at `path`. */
function shown(user: Parameters<typeof ActivationReminder>[0]["user"], path = "/members") {
  const { unmount } = renderWithApp(<ActivationReminder user={user} />, { path });
  const reminder = screen.queryByTestId("activation-reminder");
  unmount();
  return reminder !== null;
}

describe("ActivationReminder", () => {
  it("shows only while unconfirmed, profile disabled and mail not stopped", () => {
    expect(shown(unconfirmed)).toBe(true);
    expect(shown({ ...unconfirmed, status: "confirmed" })).toBe(false);
    expect(shown({ ...unconfirmed, profileStatus: "active" })).toBe(false);
    expect(shown({ ...unconfirmed, notificationsDisabled: ["bounce"] })).toBe(false);
    expect(shown(null)).toBe(false);
  });

  it("leads to the complete-signup step, where it does not show itself", () => {
    const { unmount } = renderWithApp(<ActivationReminder user={unconfirmed} />);
    expect(screen.getByRole("link")).toHaveAttribute("href", "/complete-signup");
    unmount();
    expect(shown(unconfirmed, "/complete-signup")).toBe(false);
  });
});
