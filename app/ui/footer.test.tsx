import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { Footer, type FooterProps } from "./footer";

const props: FooterProps = {
  variant: "public",
  siteName: "Hartklop",
  companyName: "Hartklop Media B.V.",
  minAge: 18,
  fictionalPlural: "fictieve profielen",
  usFooter: false,
};

describe("Footer", () => {
  it("has the nine page links in order, then the language page", () => {
    renderWithApp(<Footer {...props} />);
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Algemene voorwaarden",
      "Privacybeleid",
      "Cookies",
      "Blokkeringsbeleid",
      "Prijzen",
      "Klachten",
      "Retourbeleid",
      "Veelgestelde vragen",
      "Klantenservice",
      "Taal",
    ]);
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/pages/terms",
      "/pages/privacy",
      "/pages/cookies",
      "/pages/ban",
      "/pricing",
      "/complaints",
      "/pages/return-policy",
      "/pages/faq",
      "/pages/service",
      "/lang-config",
    ]);
  });

  it("shows the disclaimer with the fictional-profiles warning", () => {
    renderWithApp(<Footer {...props} />);
    expect(screen.getByTestId("disclaimer")).toHaveTextContent("18 jaar en ouder");
    expect(screen.getByTestId("disclaimer")).toHaveTextContent("fictieve profielen");
  });

  it("adds the US footer only when asked", () => {
    const { unmount } = renderWithApp(<Footer {...props} />);
    expect(screen.queryByTestId("us-footer")).not.toBeInTheDocument();
    unmount();
    renderWithApp(<Footer {...props} usFooter />, { locale: "en" });
    expect(screen.getByTestId("us-footer")).toHaveTextContent("2257");
  });

  it("is compact in installed-app mode, keeps the adults-only notice there, and differs for members", () => {
    const { container, unmount } = renderWithApp(<Footer {...props} variant="app" />);
    expect(container.querySelector("footer")).toHaveAttribute("data-variant", "app");
    expect(screen.getByTestId("disclaimer")).toHaveTextContent(`${props.minAge}`);
    expect(screen.getAllByRole("link")).toHaveLength(10);
    expect(screen.getByRole("link", { name: "Taal" })).toHaveAttribute("href", "/lang-config");
    unmount();
    renderWithApp(<Footer {...props} variant="member" />);
    expect(screen.queryByText(/is de plek om nieuwe mensen te ontmoeten/)).not.toBeInTheDocument();
  });
});
