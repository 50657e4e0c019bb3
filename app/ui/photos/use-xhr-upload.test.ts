import { describe, expect, it } from "vitest";
import { answeredByRedirect } from "./use-xhr-upload";

const at = (path: string, status = 200) => ({ status, responseURL: `${window.location.origin}${path}` });

describe("answeredByRedirect", () => {
  it("accepts the photos page with the upload's outcome", () => {
    expect(answeredByRedirect(at("/profile/photos?notice=uploaded"))).toBe(true);
    expect(answeredByRedirect(at("/profile/photos?uploadError=tooLarge"))).toBe(true);
  });

  it("takes anything else for a failed upload: a refusal or error on the form's own address", () => {
    expect(answeredByRedirect(at("/profile/photos", 413))).toBe(false);
    expect(answeredByRedirect(at("/profile/photos", 500))).toBe(false);
    expect(answeredByRedirect(at("/profile/photos"))).toBe(false);
    expect(answeredByRedirect(at("/login?redirectTo=%2Fprofile%2Fphotos"))).toBe(false);
    expect(answeredByRedirect({ status: 0, responseURL: "" })).toBe(false);
  });
});
