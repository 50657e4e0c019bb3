// The hot-path statements run on their own pg pool: values must come back exactly as Prisma reads them.
// Prisma's own statements are prepared by name too (decision 0015).
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { db, queryPrepared } from "~/lib/db.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";

beforeAll(async () => {
  await seedBaseData(db());
});

describe("queryPrepared", () => {
  it("reads timestamps, bigints and nulls as Prisma does, also when run again", async () => {
    const member = await createMember();
    const signupDate = new Date("2026-03-29T01:30:00.123Z");
    await db().user.update({ where: { id: member.userId }, data: { signupDate }, select: { id: true } });
    const event = await db().chatEvent.create({
      data: { userId: member.userId, type: "message", payload: { n: 1 } },
      select: { id: true },
    });
    const query = Prisma.sql`SELECT u."signupDate", u."photoAlertDismissedAt", e.id AS "eventId", e.payload
      FROM "User" u JOIN "ChatEvent" e ON e."userId" = u.id WHERE u.id = ${member.userId}`;
    for (let run = 0; run < 2; run++) {
      expect(await queryPrepared(query)).toEqual([
        { signupDate, photoAlertDismissedAt: null, eventId: event.id, payload: { n: 1 } },
      ]);
    }
  });

  it("passes dates as UTC", async () => {
    const member = await createMember();
    const at = new Date("2026-07-01T23:59:59.500Z");
    await queryPrepared(
      Prisma.sql`UPDATE "User" SET "photoAlertDismissedAt" = ${at} WHERE id = ${member.userId}`,
    );
    const user = await db().user.findUniqueOrThrow({
      where: { id: member.userId },
      select: { photoAlertDismissedAt: true },
    });
    expect(user.photoAlertDismissedAt).toEqual(at);
  });
});

describe("Prisma's statements", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The name each statement the callback sends goes out with (undefined: unnamed). */
  async function sentNames(run: () => Promise<unknown>) {
    const sent: { text: string; name?: string }[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const config = args[0];
      if (config && typeof config === "object" && "text" in config)
        sent.push(config as (typeof sent)[number]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return sent;
  }

  it("go out as named prepared statements, each text under its own name, transaction control unnamed", async () => {
    const member = await createMember();
    const read = () =>
      sentNames(() =>
        db().$transaction([
          db().user.findUnique({ where: { id: member.userId }, select: { email: true } }),
          db().profile.findFirst({ where: { userId: member.userId }, select: { name: true } }),
        ]),
      );
    const sent = await read();
    const queries = sent.filter((s) => /^\s*select/i.test(s.text));
    expect(queries).toHaveLength(2);
    // Named by the text's hash, as queryPrepared names its statements: the same in every process.
    for (const query of queries) expect(query.name).toMatch(/^s[0-9a-f]{16}$/);
    expect(new Set(queries.map((q) => q.name)).size).toBe(2);
    const again = (await read()).filter((s) => /^\s*select/i.test(s.text));
    expect(again.map((q) => q.name)).toEqual(queries.map((q) => q.name));
    expect(sent.filter((s) => /^(BEGIN|COMMIT)/.test(s.text)).map((s) => s.name)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("give the same answer when run again on a connection that has them prepared", async () => {
    const member = await createMember();
    const read = () =>
      db().user.findUnique({ where: { id: member.userId }, select: { id: true, email: true } });
    const first = await read();
    // More runs than the pool has connections, so some reuse a prepared statement.
    const again = await Promise.all(Array.from({ length: 25 }, read));
    expect(again).toEqual(Array.from({ length: 25 }, () => first));
  });
});

describe("the embedded database", () => {
  it.skipIf(process.env.TEST_DATABASE_URL)("is reached through its Unix socket, not TCP", async () => {
    const [row] = await db().$queryRaw<
      { address: string | null }[]
    >`SELECT inet_client_addr()::text AS address`;
    expect(process.env.DATABASE_URL).toMatch(/\?host=%2F/);
    expect(row!.address).toBeNull();
  });
});
