import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../setup/databases";

// With SMTP_URL set, mail goes to that server and the local outbox is off.
const received: { from: string; to: string[]; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let body = "";
    stream.on("data", (chunk: Buffer) => (body += chunk.toString()));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        body,
      });
      callback();
    });
  },
});

describe("real mail over SMTP_URL", () => {
  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("sends through the SMTP server and marks the mail sent", async () => {
    const { db } = await import("~/lib/db.server");
    const { deliverMail, outboxEnabled } = await import("~/lib/mail.server");
    expect(outboxEnabled()).toBe(false);
    const mail = await db().mail.create({
      data: {
        to: "echt@example.com",
        subject: "Welkom",
        html: "<p>Hallo</p>",
        text: "Hallo",
        template: "test",
      },
      select: { id: true },
    });
    await deliverMail(mail.id, '"Hartklop" <noreply@hartklop.nl>');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "noreply@hartklop.nl", to: ["echt@example.com"] });
    expect(received[0]!.body).toContain("Subject: Welkom");
    expect(
      (await db().mail.findUniqueOrThrow({ where: { id: mail.id }, select: { status: true } })).status,
    ).toBe("sent");
  });

  it("answers 404 on /dev/outbox, also to staff", async () => {
    const { loader } = await import("~/routes/dev.outbox");
    const { createMember } = await import("../fixtures/members");
    const { seedBaseData } = await import("../../prisma/seed/base-data");
    await seedBaseData((await import("~/lib/db.server")).db());
    const { runRoute, siteRequest } = await import("../fixtures/run-route");
    const staff = await createMember({ role: "staff" });
    for (const userId of [null, staff.userId]) {
      expect((await runRoute(await siteRequest("/dev/outbox", userId), loader as never)).status).toBe(404);
    }
  });
});
