import { describe, expect, it } from "vitest";
import { splitSqlStatements } from "../../scripts/sql-statements.mjs";

describe("splitSqlStatements", () => {
  it("splits at the semicolons that end statements", () => {
    expect(splitSqlStatements("CREATE TABLE a (id int);\n\n-- Next\nDROP TABLE b;\n")).toEqual([
      "CREATE TABLE a (id int)",
      "-- Next\nDROP TABLE b",
    ]);
  });

  it("keeps a function's dollar-quoted body, with or without a tag, in one statement", () => {
    const fn = `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  NEW.a := 1;\n  RETURN NEW;\nEND\n$$`;
    const tagged = `DO $body$ BEGIN PERFORM 1; END $body$`;
    expect(splitSqlStatements(`${fn};\n${tagged};\nSELECT 1;`)).toEqual([fn, tagged, "SELECT 1"]);
  });

  it("ignores semicolons in strings, quoted names and comments", () => {
    const statement = `INSERT INTO "a;b" (c) VALUES ('x;y', 'it''s; fine') /* ; */ -- ;\n`;
    expect(splitSqlStatements(`${statement};SELECT $1`)).toEqual([statement.trim(), "SELECT $1"]);
  });
});
