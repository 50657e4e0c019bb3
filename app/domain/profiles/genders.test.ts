import { describe, expect, it } from "vitest";
import { sexualityAfterGenderChange, sexualityFor } from "./genders";

describe("sexuality from the genders", () => {
  it("is hetero when they differ, else gay or lesbian", () => {
    expect(sexualityFor("male", "female")).toBe("hetero");
    expect(sexualityFor("female", "male")).toBe("hetero");
    expect(sexualityFor("male", "male")).toBe("gay");
    expect(sexualityFor("female", "female")).toBe("lesbian");
  });

  it("follows a change of genders, except for bi", () => {
    expect(sexualityAfterGenderChange("hetero", "female", "female")).toBe("lesbian");
    expect(sexualityAfterGenderChange("gay", "male", "female")).toBe("hetero");
    expect(sexualityAfterGenderChange("lesbian", "male", "male")).toBe("gay");
    expect(sexualityAfterGenderChange(null, "female", "male")).toBe("hetero");
    expect(sexualityAfterGenderChange("bi", "male", "male")).toBe("bi");
  });
});
