import { describe, expect, it } from "vitest";
import { PLAN_EACH_CALL, preparedStatementName } from "./db.server";

describe("preparedStatementName", () => {
  it("gives a query the same name for the same text, and another text another name", () => {
    const first = preparedStatementName(`SELECT id FROM "User" WHERE id = $1`);
    expect(first).toMatch(/^s[0-9a-f]{16}$/);
    expect(preparedStatementName(`SELECT id FROM "User" WHERE id = $1`)).toBe(first);
    expect(preparedStatementName(`SELECT id FROM "User" WHERE email = $1`)).not.toBe(first);
  });

  it("names the statements PostgreSQL plans, and leaves transaction control and other commands unnamed", () => {
    for (const text of [
      "WITH x AS (SELECT 1) SELECT * FROM x",
      "  insert into t values ($1)",
      "UPDATE t SET a = 1",
      "DELETE FROM t",
    ])
      expect(preparedStatementName(text), text).toBeDefined();
    for (const text of [
      "BEGIN",
      "COMMIT",
      "ROLLBACK",
      "SET LOCAL statement_timeout = 1000",
      "VACUUM t",
      "SELECTED",
    ])
      expect(preparedStatementName(text), text).toBeUndefined();
  });

  it("leaves a query marked to be planned on every call unnamed", () => {
    expect(preparedStatementName(`${PLAN_EACH_CALL.text}SELECT 1`)).toBeUndefined();
    expect(preparedStatementName("SELECT 1")).toBeDefined();
  });

  it("stops naming new texts after 2,000, so texts without end cannot fill every connection", () => {
    const names = Array.from({ length: 2_100 }, (_, i) => preparedStatementName(`SELECT ${i} AS n`));
    expect(names.filter((name) => name === undefined).length).toBeGreaterThan(0);
    expect(new Set(names.filter(Boolean)).size).toBeLessThanOrEqual(2_000);
    // Texts named before the limit keep their names.
    expect(preparedStatementName(`SELECT 0 AS n`)).toBe(names[0]);
  });
});
