import { describe, expect, it } from "vitest";
import { shownToOthers } from "./member-card";

describe("shownToOthers", () => {
  const member = { id: 7, name: "Sanne", age: 31, city: "Amersfoort", region: "Utrecht", liked: true };

  it("keeps what the site shows and nulls age, city and region when their field is left out", () => {
    expect(shownToOthers(member, ["age", "city", "region", "interests"])).toEqual(member);
    expect(shownToOthers(member, ["region"])).toEqual({ ...member, age: null, city: null });
    expect(shownToOthers(member, ["age", "city"])).toEqual({ ...member, region: null });
    expect(shownToOthers(member, [])).toEqual({ ...member, age: null, city: null, region: null });
  });

  it("shows none of them when the site's list is NULL in the database", () => {
    const none = null as unknown as string[];
    expect(shownToOthers(member, none)).toEqual({ ...member, age: null, city: null, region: null });
  });
});
