import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../tests/setup/render";
import { MailsOffNotice } from "./mails-off-notice";

const email = "anna@example.com";

describe("MailsOffNotice", () => {
  for (const alert of [undefined, { redirectTo: "/members" }]) {
    const where = alert ? "as the site-wide alert" : "on the settings page";

    it(`offers no resume for a bounce alone, and says a new address is needed (${where})`, () => {
      renderWithApp(<MailsOffNotice email={email} reasons={["bounce"]} alert={alert} />);
      expect(screen.getByText(/E-mails naar anna@example.com komen niet aan/)).toBeInTheDocument();
      expect(screen.getByTestId("mails-off-new-address")).toHaveTextContent(
        "We sturen je pas weer e-mails als je een nieuw e-mailadres hebt bevestigd.",
      );
      expect(screen.queryByRole("button", { name: "E-mails weer aanzetten" })).toBeNull();
    });

    it(`offers resume for a spam report or unsubscribe, also beside a bounce (${where})`, () => {
      const { unmount } = renderWithApp(<MailsOffNotice email={email} reasons={["fbl"]} alert={alert} />);
      expect(screen.getByRole("button", { name: "E-mails weer aanzetten" })).toBeInTheDocument();
      expect(screen.queryByTestId("mails-off-new-address")).toBeNull();
      unmount();
      renderWithApp(<MailsOffNotice email={email} reasons={["listunsubscribe", "bounce"]} alert={alert} />);
      expect(screen.getByRole("button", { name: "E-mails weer aanzetten" })).toBeInTheDocument();
      expect(screen.getByTestId("mails-off-new-address")).toBeInTheDocument();
    });
  }
});
