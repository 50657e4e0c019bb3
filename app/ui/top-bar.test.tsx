import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import type { ComponentProps } from "react";
import { TopBar } from "./top-bar";

const member: NonNullable<ComponentProps<typeof TopBar>["user"]> = {
  name: "Sanne",
  credits: 50,
  paidUser: false,
  mainPhotoId: 7,
  staffRole: null,
};

describe("TopBar", () => {
  it("shows a visitor the logo to the home page and a Login button", () => {
    renderWithApp(<TopBar siteName="Hartklop" user={null} locales={["nl"]} locale="nl" />);
    expect(screen.getByRole("link", { name: "Hartklop" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Inloggen" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("link", { name: "Berichten" })).not.toBeInTheDocument();
  });

  it("shows the language dropdown only when more than one locale is visible", () => {
    const { unmount } = renderWithApp(<TopBar siteName="H" user={null} locales={["nl"]} locale="nl" />);
    expect(screen.queryByTestId("language-dropdown")).not.toBeInTheDocument();
    unmount();
    renderWithApp(<TopBar siteName="H" user={null} locales={["nl", "fr", "de"]} locale="nl" />);
    const dropdown = screen.getByTestId("language-dropdown");
    expect(
      within(dropdown)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Nederlands", "Français", "Deutsch"]);
  });

  it("gives a member the members area links, badges and the account menu", () => {
    renderWithApp(
      <TopBar
        siteName="Hartklop"
        user={member}
        locales={["nl"]}
        locale="nl"
        unreadMessages={120}
        newLikes={3}
      />,
    );
    expect(screen.getByRole("link", { name: "Hartklop" })).toHaveAttribute("href", "/members");
    expect(screen.getByRole("link", { name: "Leden zoeken" })).toHaveAttribute("href", "/members");
    expect(screen.getByLabelText("120 ongelezen berichten")).toHaveTextContent("99+");
    expect(screen.getByLabelText("3 nieuwe likes")).toHaveTextContent("3");
    expect(screen.getByRole("link", { name: "Word Premium" })).toHaveAttribute("href", "/premium");
    const menu = screen.getByTestId("account-menu");
    expect(within(menu).getByText("Sanne")).toBeInTheDocument();
    expect(within(menu).getByRole("link", { name: "Mijn profiel" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("link", { name: "Mijn betalingen" })).toHaveAttribute(
      "href",
      "/transactions",
    );
    expect(within(menu).getByRole("button", { name: "Uitloggen" })).toBeInTheDocument();
    expect(within(menu).queryByRole("link", { name: /^Beheer/ })).not.toBeInTheDocument();
  });

  it("gives admins every staff page and support only theirs", () => {
    const hrefs = () =>
      within(screen.getByTestId("account-menu"))
        .getAllByRole("link", { name: /^Beheer/ })
        .map((link) => link.getAttribute("href"));
    const { unmount } = renderWithApp(
      <TopBar siteName="H" user={{ ...member, staffRole: "admin" }} locales={["nl"]} locale="nl" />,
    );
    expect(hrefs()).toEqual([
      "/staff",
      "/staff/members",
      "/staff/photos",
      "/staff/complaints",
      "/staff/spam",
      "/staff/appeals",
      "/staff/payments",
      "/staff/discount-codes",
      "/staff/packages",
      "/staff/gifts",
      "/staff/settings",
      "/staff/mailings",
      "/staff/funnel",
      "/staff/campaigns",
      "/staff/actions",
      "/staff/team",
    ]);
    unmount();
    renderWithApp(
      <TopBar siteName="H" user={{ ...member, staffRole: "support" }} locales={["nl"]} locale="nl" />,
    );
    expect(hrefs()).toEqual([
      "/staff",
      "/staff/members",
      "/staff/photos",
      "/staff/complaints",
      "/staff/spam",
      "/staff/appeals",
    ]);
  });

  it("shows paid members Credits to the repeat order, with a badge at 10 or fewer", () => {
    const { unmount } = renderWithApp(
      <TopBar siteName="H" user={{ ...member, paidUser: true, credits: 11 }} locales={["nl"]} locale="nl" />,
    );
    expect(screen.getByRole("link", { name: "Credits" })).toHaveAttribute("href", "/credits/repeat-order");
    expect(screen.queryByTestId("credits-badge")).not.toBeInTheDocument();
    unmount();
    renderWithApp(
      <TopBar siteName="H" user={{ ...member, paidUser: true, credits: 0 }} locales={["nl"]} locale="nl" />,
    );
    expect(screen.getByTestId("credits-badge")).toHaveClass("bg-danger");
  });
});

describe("badges", () => {
  it("caps counts at 99+ from 100", () => {
    const { unmount } = renderWithApp(
      <TopBar siteName="H" user={member} locales={["nl"]} locale="nl" unreadMessages={99} />,
    );
    expect(screen.getByLabelText("99 ongelezen berichten")).toHaveTextContent(/^99$/);
    unmount();
    renderWithApp(<TopBar siteName="H" user={member} locales={["nl"]} locale="nl" unreadMessages={100} />);
    expect(screen.getByLabelText("100 ongelezen berichten")).toHaveTextContent(/^99\+$/);
  });

  it("colours the credits badge: none above 10, warning above 0, danger at 0", () => {
    const badgeAt = (credits: number) => {
      const { unmount } = renderWithApp(
        <TopBar siteName="H" user={{ ...member, paidUser: true, credits }} locales={["nl"]} locale="nl" />,
      );
      const className = screen.queryByTestId("credits-badge")?.className ?? null;
      unmount();
      return className;
    };
    expect(badgeAt(11)).toBeNull();
    expect(badgeAt(10)).toContain("bg-warning");
    expect(badgeAt(1)).toContain("bg-warning");
    expect(badgeAt(0)).toContain("bg-danger");
    expect(badgeAt(0)).not.toContain("bg-warning");
  });
});
