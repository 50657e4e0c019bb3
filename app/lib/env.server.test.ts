import { describe, expect, it } from "vitest";
import { missingRealServices, parseEnv, standInsAllowed } from "./env.server";

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

  it("stops a production start on an external database without a real service, naming each variable, unless stand-ins are asked for", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://u:p@db.internal:5432/app",
      SESSION_SECRET: "x".repeat(32),
    };
    const services = {
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      MOLLIE_API_KEY: "live_abcdefghijklmnopqrstuvwxyz",
      SMS_URL: "https://sms.example.com/messages",
    };
    for (const name of Object.keys(services) as (keyof typeof services)[]) {
      const { [name]: _left, ...others } = services;
      expect(() => parseEnv({ ...production, ...others })).toThrow(
        new RegExp(`${name}: required in production`),
      );
    }
    expect(() => parseEnv(production)).toThrow(/SMTP_URL[\s\S]*MOLLIE_API_KEY[\s\S]*SMS_URL/);
    expect(missingRealServices(parseEnv({ ...production, ...services }))).toEqual([]);
    expect(parseEnv({ ...production, ...services }).MOLLIE_API_KEY).toBe("live_abcdefghijklmnopqrstuvwxyz");
    expect(standInsAllowed(parseEnv({ ...production, STANDINS: "true" }))).toBe(true);
    // The server's own embedded PostgreSQL (it sets DATABASE_URL to it) is no deployment.
    expect(standInsAllowed(parseEnv({ ...production, EMBEDDED_DATABASE: "true" }))).toBe(true);
    expect(() => parseEnv({ MOLLIE_API_KEY: "sk_nope" })).toThrow(/MOLLIE_API_KEY/);
  });

  it("allows stand-ins on the embedded database only, unless STANDINS=true", () => {
    expect(standInsAllowed(parseEnv({}))).toBe(true);
    expect(standInsAllowed(parseEnv({ DATABASE_URL: "postgresql://u:p@db:5432/app" }))).toBe(false);
    expect(standInsAllowed(parseEnv({ DATABASE_URL: "postgresql://u:p@db:5432/app", STANDINS: "1" }))).toBe(
      true,
    );
  });
});
