import { describe, expect, it } from "vitest";
import { cookieValue } from "./browser-cookies";
import { installedAppCookieString, installedAppSync } from "./installed-app";

const facts = { standalone: false, appQuery: false, cookie: undefined, serverInstalledApp: false };

describe("installedAppSync", () => {
  it("sets the cookie and reloads the data when the app's window opens a page the server saw as a tab", () => {
    expect(installedAppSync({ ...facts, standalone: true })).toEqual({ cookie: "1", reload: true });
  });

  it("changes nothing when the server already knew (cookie set, app mode rendered)", () => {
    expect(installedAppSync({ ...facts, standalone: true, cookie: "1", serverInstalledApp: true })).toEqual({
      cookie: null,
      reload: false,
    });
    expect(installedAppSync(facts)).toEqual({ cookie: null, reload: false });
  });

  it("clears a cookie left by the app in a browser tab (Android shares cookies) and leaves app mode", () => {
    expect(installedAppSync({ ...facts, cookie: "1", serverInstalledApp: true })).toEqual({
      cookie: "",
      reload: true,
    });
  });

  it("keeps app mode for an address with ?app=1, even in a tab", () => {
    expect(installedAppSync({ ...facts, appQuery: true, cookie: "1", serverInstalledApp: true })).toEqual({
      cookie: null,
      reload: false,
    });
    expect(installedAppSync({ ...facts, appQuery: true, serverInstalledApp: true }).cookie).toBe("1");
  });
});

describe("the cookie strings", () => {
  it("writes a year-long cookie for the whole site, Secure on https, and removes it with Max-Age=0", () => {
    expect(installedAppCookieString("1", true)).toBe(
      "installed_app=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    expect(installedAppCookieString("", false)).toBe("installed_app=; Path=/; Max-Age=0; SameSite=Lax");
  });

  it("reads one cookie from document.cookie", () => {
    expect(cookieValue("a=1; installed_app=1; b=x%3Dy", "installed_app")).toBe("1");
    expect(cookieValue("a=1; b=x%3Dy", "b")).toBe("x=y");
    expect(cookieValue("my_installed_app=1", "installed_app")).toBeUndefined();
    expect(cookieValue("", "installed_app")).toBeUndefined();
  });
});
