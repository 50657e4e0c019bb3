import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { Pager } from "./pager";

const queryFor = (n: number) => `page=${n}`;

describe("Pager", () => {
  it("links Previous and Next around a middle page", () => {
    renderWithApp(<Pager page={2} pageCount={3} queryFor={queryFor} />, { path: "/likes/given?page=2" });
    expect(screen.getByRole("link", { name: "Vorige" })).toHaveAttribute("href", "/likes/given?page=1");
    expect(screen.getByRole("link", { name: "Volgende" })).toHaveAttribute("href", "/likes/given?page=3");
  });

  it("offers no Next on the last page, nor on a page past it", () => {
    for (const page of [3, 4]) {
      const { unmount } = renderWithApp(<Pager page={page} pageCount={3} queryFor={queryFor} />, {
        path: `/likes/given?page=${page}`,
      });
      expect(screen.queryByRole("link", { name: "Volgende" }), `page ${page}`).not.toBeInTheDocument();
      expect(screen.getByText("Volgende")).toBeInTheDocument();
      unmount();
    }
  });

  it("offers Next past the counted pages when more follow", () => {
    renderWithApp(<Pager page={3} pageCount={3} morePages queryFor={queryFor} />, {
      path: "/members?page=3",
    });
    expect(screen.getByRole("link", { name: "Volgende" })).toHaveAttribute("href", "/members?page=4");
  });

  it("shows the first, the last and two pages either side", () => {
    const pages = () => screen.getAllByRole("listitem").map((item) => item.textContent);
    const { unmount } = renderWithApp(<Pager page={5} pageCount={10} queryFor={queryFor} />, {
      path: "/members?page=5",
    });
    expect(pages()).toEqual(["Vorige", "1", "…", "3", "4", "5", "6", "7", "…", "10", "Volgende"]);
    unmount();
    renderWithApp(<Pager page={1} pageCount={10} morePages queryFor={queryFor} />, { path: "/members" });
    expect(pages()).toEqual(["Vorige", "1", "2", "3", "…", "Volgende"]);
  });
});
