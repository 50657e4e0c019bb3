import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MemberCardData } from "~/domain/profiles/member-card";
import { renderWithApp } from "../../tests/setup/render";
import { MemberTile } from "./landers/lander-photo";
import { MemberCard } from "./member-card";
import { SwipeCardContent } from "./swipe-game/swipe-card";

const sanne: MemberCardData = {
  id: 7,
  name: "Sanne",
  age: 31,
  city: "Amersfoort",
  region: "Utrecht",
  mainPhotoId: null,
};

function card(member: MemberCardData) {
  renderWithApp(
    <ul>
      <MemberCard member={member} />
    </ul>,
  );
  const shown = screen.getByTestId("member-card");
  return {
    name: shown.querySelector(".member-card-name")!.textContent,
    place: shown.querySelector(".member-card-place")!.textContent,
  };
}

describe("a member shown to others, as the site's visible fields leave them", () => {
  it("shows name and age, and the city before the region", () => {
    expect(card(sanne)).toEqual({ name: "Sanne, 31", place: "Amersfoort" });
  });

  it("shows only the name without an age, and the region without a city", () => {
    expect(card({ ...sanne, age: null, city: null })).toEqual({ name: "Sanne", place: "Utrecht" });
  });

  it("shows no place without city and region", () => {
    expect(card({ ...sanne, city: null, region: null })).toEqual({ name: "Sanne, 31", place: "" });
  });

  it("shows only the name on the swipe game's card and a lander's tile too", () => {
    renderWithApp(<SwipeCardContent card={{ ...sanne, age: null, city: null }} />);
    expect(screen.getByTestId("swipe-name")).toHaveTextContent(/^Sanne$/);
    expect(screen.getByText("Utrecht")).toBeInTheDocument();

    const photo = { id: 3, width: 600, height: 800 };
    const tile = { ...sanne, age: null, city: null, region: null, isFictional: false, photo };
    renderWithApp(<MemberTile member={tile} sizes="100px" fictionalIcon={false} />);
    expect(screen.getByTestId("lander-member")).toHaveTextContent(/^Sanne$/);
  });
});
