import { PrismaPg } from "@prisma/adapter-pg";
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { PrismaClient } from "../../app/generated/prisma/client";
import { E2E_DATABASE_URL } from "./constants";

let client: PrismaClient | undefined;

/** The e2e server's own database, for arranging test data (members, sessions). */
export function e2eDb(): PrismaClient {
  client ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: E2E_DATABASE_URL, max: 2 }) });
  return client;
}

export const TEST_PASSWORD = "Correct-horse-42";

/** A confirmed member on the default site with a unique e-mail address and a profile. */
export async function createMember(
  overrides: { email?: string; language?: string; status?: "confirmed" | "not_confirmed" } = {},
) {
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const email = overrides.email ?? `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const user = await e2eDb().user.create({
    data: {
      siteId: site.id,
      email,
      passwordHash: await hash(TEST_PASSWORD),
      status: overrides.status ?? "confirmed",
      language: overrides.language ?? "nl",
      profile: {
        create: {
          name: `Tester${Math.floor(Math.random() * 10000)}`,
          gender: "female",
          seekingGender: "male",
          dateOfBirth: new Date("1990-05-05"),
          country: "NL",
          region: "Utrecht",
          city: "Utrecht",
        },
      },
    },
    select: { id: true, email: true },
  });
  return { ...user, password: TEST_PASSWORD };
}

/** A member with `credits`, booked as a correction so that balance and ledger agree. */
export async function memberWithCredits(credits: number) {
  const member = await createMember();
  await e2eDb().$transaction([
    e2eDb().user.update({ where: { id: member.id }, data: { credits }, select: { id: true } }),
    e2eDb().creditLedgerEntry.create({
      data: {
        userId: member.id,
        delta: credits,
        balanceAfter: credits,
        reason: "correction",
        reference: `e2e-correction-${randomUUID()}`,
      },
      select: { id: true },
    }),
  ]);
  const profile = await e2eDb().profile.findUniqueOrThrow({
    where: { userId: member.id },
    select: { id: true, name: true },
  });
  return { ...member, profileId: profile.id, name: profile.name };
}

/**
 * A conversation `writer` started with one text message to `reader` (who has it unread when told),
 * so that no first-contact rules apply to the reader's answer.
 */
export async function conversationStartedBy(
  writer: { id: number },
  reader: { id: number },
  { body = "Hoi! Leuk profiel.", unread = false }: { body?: string; unread?: boolean } = {},
) {
  const site = await e2eDb().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const [userAId, userBId] = [writer.id, reader.id].sort((x, y) => x - y) as [number, number];
  return e2eDb().conversation.create({
    data: {
      siteId: site.id,
      userAId,
      userBId,
      startedById: writer.id,
      members: {
        create: [
          { userId: writer.id, otherUserId: reader.id },
          { userId: reader.id, otherUserId: writer.id, unreadCount: unread ? 1 : 0 },
        ],
      },
      messages: { create: { senderId: writer.id, kind: "text", body, credits: 0 } },
    },
    select: { id: true, messages: { select: { id: true } } },
  });
}
