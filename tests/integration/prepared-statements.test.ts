// The hot-path statements run on their own pg pool: values must come back exactly as Prisma reads them.
import { beforeAll, describe, expect, it } from "vitest";
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
