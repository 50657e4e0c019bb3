import { describe, expect, it } from "vitest";
import { maskedEmail } from "./email";

describe("maskedEmail", () => {
  it("keeps the first letters and the top-level domain only", () => {
    expect(maskedEmail("jan@example.nl")).toBe("j***@e***.nl");
    expect(maskedEmail("sanne.de.vries@mail.co.uk")).toBe("s***@m***.uk");
    expect(maskedEmail("a@localhost")).toBe("a***@l***");
  });
});
