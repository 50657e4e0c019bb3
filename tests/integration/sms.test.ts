// Texts through a provider's HTTP API (SMS_URL): MessageBird-style JSON with the API key, and no
// code kept in the database once the provider has it. (direct-debit.test.ts covers the outbox.)
process.env.SMS_URL = "https://sms.example.test/messages";
process.env.SMS_API_KEY = "test-sms-key";

import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { sendSms, smsOutboxEnabled } from "~/lib/sms.server";
import * as devSms from "~/stand-ins/routes/dev.sms";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { logger } from "~/lib/logger.server";

const sent: { url: string; headers: Headers; body: unknown }[] = [];
let answer = 201;
const originalFetch = globalThis.fetch;
vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
  const call = new Request(input, init);
  if (!call.url.startsWith("https://sms.example.test/")) return originalFetch(input, init);
  sent.push({ url: call.url, headers: call.headers, body: await call.json() });
  return new Response("{}", { status: answer });
});

afterEach(() => {
  sent.length = 0;
  answer = 201;
});

describe("an SMS provider", () => {
  it("gets the text with the API key; the stored copy hides the code", async () => {
    const ok = await sendSms({
      to: "+31612345678",
      body: "Je code bij Hart-klop!: 123456.",
      from: "Hart-klop!",
      secret: "123456",
    });
    expect(ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://sms.example.test/messages");
    expect(sent[0]!.headers.get("authorization")).toBe("AccessKey test-sms-key");
    expect(sent[0]!.body).toEqual({
      originator: "Hartklop",
      recipients: ["31612345678"],
      body: "Je code bij Hart-klop!: 123456.",
    });
    const row = await db().smsMessage.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(row).toMatchObject({
      to: "+31612345678",
      status: "sent",
      body: "Je code bij Hart-klop!: ••••••.",
    });
    expect(row.sentAt).not.toBeNull();
  });

  it("a refusal is recorded and reported", async () => {
    answer = 500;
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    expect(await sendSms({ to: "+31612345678", body: "x" })).toBe(false);
    const row = await db().smsMessage.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(row.status).toBe("failed");
    expect(row.lastError).toContain("500");
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it("leaves no outbox page", async () => {
    await seedBaseData(db());
    expect(smsOutboxEnabled()).toBe(false);
    const staff = await createMember({ role: "admin" });
    const page = await runRoute(await siteRequest("/dev/sms", staff.userId), devSms.loader as never);
    expect(page.status).toBe(404);
  });
});
