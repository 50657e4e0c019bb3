// The stand-ins' pages on an external database with STANDINS=true (a staging server), and the
// outboxes of a production server on the embedded database (`npm start`, a Docker image without
// DATABASE_URL): staff only, since they show links and codes that open accounts and confirm payments.
import { beforeAll, describe, expect, it } from "vitest";
import { sendSms } from "~/lib/sms.server";
import { queueMail } from "~/lib/mail.server";
import * as outbox from "~/routes/dev.outbox";
import * as outboxMail from "~/routes/dev.outbox.$mailId";
import * as smsOutbox from "~/routes/dev.sms";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, type Member } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";

let member: Member;
let staff: Member;
let mailId: number;

beforeAll(async () => {
  await seedBaseData(db());
  member = await createMember();
  staff = await createMember({ role: "staff" });
  mailId = await queueMail({
    to: "someone@example.com",
    from: "noreply@hartklop.nl",
    template: "test",
    subject: "Activeer je account",
    html: '<p><a href="https://hartklop.nl/activate?token=secret">Activeren</a></p>',
    text: "https://hartklop.nl/activate?token=secret",
  });
  await sendSms({ to: "+31612345678", body: "Je code is 123456", secret: "123456" });
});

/** The stand-ins' pages, with their paths and route parameters. */
const pages = [
  { name: "/dev/outbox", path: () => "/dev/outbox", route: outbox, params: () => ({}) },
  {
    name: "/dev/outbox/:mailId",
    path: () => `/dev/outbox/${mailId}`,
    route: outboxMail,
    params: () => ({ mailId: String(mailId) }),
  },
  { name: "/dev/sms", path: () => "/dev/sms", route: smsOutbox, params: () => ({}) },
];

describe("stand-in pages on an external database", () => {
  for (const page of pages) {
    it(`${page.name} answers 404 to visitors and members, and opens for staff`, async () => {
      for (const userId of [null, member.userId]) {
        const outcome = await runRoute(
          await siteRequest(page.path(), userId),
          page.route.loader as never,
          page.params(),
        );
        expect(outcome.status).toBe(404);
      }
      const asStaff = await runRoute(
        await siteRequest(page.path(), staff.userId),
        page.route.loader as never,
        page.params(),
      );
      expect(asStaff.status).toBe(200);
    });
  }
});

describe("the outboxes on the embedded database", () => {
  const statuses = async (page: (typeof pages)[number]) => {
    const answers = [];
    for (const userId of [null, member.userId, staff.userId]) {
      const outcome = await runRoute(
        await siteRequest(page.path(), userId),
        page.route.loader as never,
        page.params(),
      );
      answers.push(outcome.status);
    }
    return answers;
  };
  const as = async (nodeEnv: "production" | "development", check: () => Promise<void>) => {
    const saved = { NODE_ENV: env().NODE_ENV, EMBEDDED_DATABASE: env().EMBEDDED_DATABASE };
    Object.assign(env(), { NODE_ENV: nodeEnv, EMBEDDED_DATABASE: true });
    try {
      await check();
    } finally {
      Object.assign(env(), saved);
    }
  };

  for (const page of pages) {
    it(`${page.name}: staff only in production (npm start, Docker), open to anyone in development`, async () => {
      // Visitor, member, staff.
      await as("production", async () => expect(await statuses(page)).toEqual([404, 404, 200]));
      await as("development", async () => expect(await statuses(page)).toEqual([200, 200, 200]));
    });
  }
});
