import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { PLAN_EACH_CALL, queryPrepared } from "./db.server";

// queryPrepared's pool, stood in for: it records the name each statement is sent under.
let sentName: string | undefined;
beforeAll(() => {
  globalThis.__preparedPool = {
    query: async (query: { name?: string }) => {
      sentName = query.name;
      return { rows: [] };
    },
  } as never;
});
afterAll(() => {
  globalThis.__preparedPool = undefined;
});

/** The name queryPrepared prepares a statement under (undefined: it runs unnamed). */
async function nameOf(sql: Prisma.Sql | string) {
  sentName = "not sent";
  await queryPrepared(typeof sql === "string" ? Prisma.raw(sql) : sql);
  return sentName;
}

describe("the names of prepared statements", () => {
  it("are the same for the same text, and another text gets another name", async () => {
    const first = await nameOf(Prisma.sql`SELECT id FROM "User" WHERE id = ${1}`);
    expect(first).toMatch(/^s[0-9a-f]{16}$/);
    expect(await nameOf(Prisma.sql`SELECT id FROM "User" WHERE id = ${2}`)).toBe(first);
    expect(await nameOf(Prisma.sql`SELECT id FROM "User" WHERE email = ${"a@example.com"}`)).not.toBe(first);
  });

  it("are given to the statements PostgreSQL plans; transaction control and other commands run unnamed", async () => {
    for (const text of [
      "WITH x AS (SELECT 1) SELECT * FROM x",
      "  insert into t values ($1)",
      "UPDATE t SET a = 1",
      "DELETE FROM t",
    ])
      expect(await nameOf(text), text).toBeDefined();
    for (const text of [
      "BEGIN",
      "COMMIT",
      "ROLLBACK",
      "SET LOCAL statement_timeout = 1000",
      "VACUUM t",
      "SELECTED",
    ])
      expect(await nameOf(text), text).toBeUndefined();
  });

  it("are not given to a query marked to be planned on every call", async () => {
    expect(await nameOf(Prisma.sql`${PLAN_EACH_CALL}SELECT 1`)).toBeUndefined();
    expect(await nameOf("SELECT 1")).toBeDefined();
  });

  it("stop for new texts after 2,000, so texts without end cannot fill every connection", async () => {
    const names: (string | undefined)[] = [];
    for (let i = 0; i < 2_100; i++) names.push(await nameOf(`SELECT ${i} AS n`));
    expect(names.filter((name) => name === undefined).length).toBeGreaterThan(0);
    expect(new Set(names.filter(Boolean)).size).toBeLessThanOrEqual(2_000);
    // Texts named before the limit keep their names.
    expect(await nameOf(`SELECT 0 AS n`)).toBe(names[0]);
  });
});
