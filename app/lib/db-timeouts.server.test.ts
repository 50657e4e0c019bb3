import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseTimeouts } from "./db-timeouts.server";
import { parseEnv, timeouts } from "./env.server";

afterEach(() => vi.unstubAllEnvs());

describe("database timeouts", () => {
  it("gives every connection the defaults: connect 5 s, statements 30 s, idle transactions 60 s", () => {
    vi.stubEnv("DB_CONNECT_TIMEOUT_MS", undefined);
    vi.stubEnv("DB_STATEMENT_TIMEOUT_MS", undefined);
    vi.stubEnv("DB_IDLE_IN_TRANSACTION_TIMEOUT_MS", undefined);
    expect(databaseTimeouts()).toEqual({
      connectionTimeoutMillis: 5_000,
      statement_timeout: 30_000,
      idle_in_transaction_session_timeout: 60_000,
      query_timeout: 35_000,
    });
  });

  it("takes them from the environment, the client's own limit 5 s above the statement timeout", () => {
    vi.stubEnv("DB_CONNECT_TIMEOUT_MS", "2000");
    vi.stubEnv("DB_STATEMENT_TIMEOUT_MS", "1000");
    expect(databaseTimeouts()).toMatchObject({
      connectionTimeoutMillis: 2_000,
      statement_timeout: 1_000,
      query_timeout: 6_000,
    });
  });

  it("refuses a malformed limit, naming the variable, also in the full environment check", () => {
    expect(() => timeouts({ MOLLIE_TIMEOUT_MS: "soon" })).toThrow(/MOLLIE_TIMEOUT_MS/);
    expect(() => parseEnv({ SMTP_TIMEOUT_MS: "10" })).toThrow(/SMTP_TIMEOUT_MS/);
    expect(parseEnv({}).PUSH_TIMEOUT_MS).toBe(10_000);
  });
});
