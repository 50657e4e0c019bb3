import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { readSignedString } from "./signed-cookie.server";

const SECRET = "a-secret-of-the-test";
const cookie = createCookie("auth.session", { secrets: [SECRET] });

/** The cookie's value as a browser sends it back (the Set-Cookie value, URL-decoded as `cookie.parse` does). */
async function sentBack(value: unknown, secrets = [SECRET]) {
  const header = await createCookie("auth.session", { secrets }).serialize(value);
  return decodeURIComponent(header.split(";")[0]!.slice("auth.session=".length));
}

describe("readSignedString", () => {
  it("reads what React Router signed, as React Router's own parse does", async () => {
    for (const value of ["d2c1f0a4-9b7e-4c4e-8f51-3e2b8f0c7a11", "s".repeat(64), "äöü-€"]) {
      const raw = await sentBack(value);
      expect(readSignedString(raw, [SECRET])).toBe(value);
      expect(await cookie.parse(`auth.session=${encodeURIComponent(raw)}`)).toBe(value);
    }
  });

  it("takes any of several secrets (a rotated one)", async () => {
    expect(readSignedString(await sentBack("abc", ["old-secret"]), [SECRET, "old-secret"])).toBe("abc");
  });

  it("refuses another secret's signature, a changed value or signature, and an unsigned value", async () => {
    const raw = await sentBack("abc");
    const [data, signature] = [raw.slice(0, raw.lastIndexOf(".")), raw.slice(raw.lastIndexOf(".") + 1)];
    expect(readSignedString(raw, ["another-secret"])).toBeNull();
    const otherData = Buffer.from(JSON.stringify("abd")).toString("base64");
    expect(readSignedString(`${otherData}.${signature}`, [SECRET])).toBeNull();
    expect(readSignedString(`${data}.${signature.slice(0, -1)}A`, [SECRET])).toBeNull();
    expect(readSignedString(`${data}.${signature}x`, [SECRET])).toBeNull();
    expect(readSignedString(data, [SECRET])).toBeNull();
    expect(readSignedString(undefined, [SECRET])).toBeNull();
    expect(readSignedString("", [SECRET])).toBeNull();
  });

  it("gives null for a signed empty or non-string value (the logged-out cookie)", async () => {
    expect(readSignedString(await sentBack(""), [SECRET])).toBeNull();
    expect(readSignedString(await sentBack({ id: 1 }), [SECRET])).toBeNull();
  });
});
