import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../tests/setup/render";
import { MemberGrid } from "./search-results";

describe("MemberGrid", () => {
  const members = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    name: `Lid${i + 1}`,
    age: 30,
    city: "Utrecht",
    region: "Utrecht",
    mainPhotoId: i + 10,
  }));
  const photos = () =>
    screen.getAllByRole("img").map((img) => [img.getAttribute("loading"), img.getAttribute("fetchpriority")]);

  it("loads the first screen's photos with the page when it opens the page, the first row first", () => {
    renderWithApp(<MemberGrid members={members} testId="results" opensPage />);
    expect(photos()).toEqual([
      ["eager", "high"],
      ["eager", "high"],
      ["eager", null],
      ["eager", null],
      ["lazy", null],
      ["lazy", null],
    ]);
  });

  it("leaves every photo lazy further down a page", () => {
    renderWithApp(<MemberGrid members={members} testId="results" />);
    expect(photos().every(([loading, priority]) => loading === "lazy" && priority === null)).toBe(true);
  });
});
