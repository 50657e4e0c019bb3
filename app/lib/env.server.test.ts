import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has working defaults for a local start", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
  });

  it("names the variable that has a bad value", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x@y/z" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ DEMO_DATA: "maybe" })).toThrow(/DEMO_DATA/);
  });

  it("requires a session secret in production with an external database", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://u:p@db.internal:5432/app" }),
    ).toThrow(/SESSION_SECRET/);
  });
});
