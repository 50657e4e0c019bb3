import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../tests/setup/render";
import { CamTeasers } from "./cam-teasers";
import { ResellOffer } from "./resell-offer";

describe("CamTeasers", () => {
  it("labels featured and live teasers, loads images lazily and links out as sponsored", () => {
    renderWithApp(
      <CamTeasers
        teasers={[
          {
            name: "Mara",
            imageUrl: "https://cams.example/m.jpg",
            url: "https://cams.example/m",
            featured: true,
            live: true,
          },
          {
            name: "Lisa",
            imageUrl: "https://cams.example/l.jpg",
            url: "https://cams.example/l",
            featured: false,
            live: false,
          },
        ]}
      />,
      { locale: "en" },
    );
    const links = screen.getAllByTestId("cam-teaser");
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute("rel")).toBe("nofollow noopener sponsored");
    expect(links[0]!.getAttribute("href")).toBe("https://cams.example/m");
    expect(links[0]!.textContent).toContain("Featured");
    expect(links[0]!.textContent).toContain("Live now");
    expect(links[1]!.textContent).not.toContain("Live now");
    expect(screen.getByAltText("Lisa").getAttribute("loading")).toBe("lazy");
  });

  it("renders nothing without teasers", () => {
    renderWithApp(<CamTeasers teasers={[]} />);
    expect(screen.queryByTestId("cam-teasers")).toBeNull();
  });
});

describe("ResellOffer", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("counts down each second and then goes to the partner URL", () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const url = "https://partner.example/join?sub1=a";
    renderWithApp(<ResellOffer offer={{ url, countdownSeconds: 3 }} />);
    expect(screen.getByTestId("resell-countdown").textContent).toBe("Je wordt over 3 seconden doorgestuurd.");
    expect(screen.getByTestId("resell-link").getAttribute("href")).toBe(url);
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByTestId("resell-countdown").textContent).toBe("Je wordt over 1 seconde doorgestuurd.");
    expect(assign).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1000));
    expect(assign).toHaveBeenCalledWith(url);
  });
});
