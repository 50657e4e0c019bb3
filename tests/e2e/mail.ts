import type { APIRequestContext } from "@playwright/test";
import { expect, request as requests } from "@playwright/test";
import { E2E_BASE_URL } from "./constants";
import { createMember, e2eDb } from "./db";

let staff: Promise<APIRequestContext> | undefined;

/**
 * A staff member's own HTTP client, logged in once per worker: the e2e servers run in production,
 * where the outboxes (/dev/outbox, /dev/sms) show their reset links and codes to staff only.
 */
export function staffRequest(): Promise<APIRequestContext> {
  staff ??= (async () => {
    const member = await createMember();
    await e2eDb().user.update({ where: { id: member.id }, data: { role: "admin" }, select: { id: true } });
    // An address of its own, so the per-IP login limit of a test never meets this login.
    const client = await requests.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { "X-Forwarded-For": "10.254.254.254" },
    });
    const login = await client.post("/login", {
      form: { email: member.email, password: member.password },
      maxRedirects: 0,
    });
    expect(login.status(), "staff login for the outbox").toBe(302);
    return client;
  })();
  return staff;
}

/** Waits for the newest mail to `to` in the outbox (/dev/outbox) and returns its links and text. */
export async function latestMail(to: string, { after = 0 }: { after?: number } = {}) {
  const request = await staffRequest();
  let mailId = 0;
  await expect
    .poll(
      async () => {
        // A kept-alive connection the server just closed resets once: ask again, as a browser would.
        const html = await request
          .get("/dev/outbox")
          .then((response) => response.text())
          .catch((error: Error) => (error.message.includes("ECONNRESET") ? "" : Promise.reject(error)));
        const rows = [
          ...html.matchAll(
            /<tr data-testid="outbox-mail"><td>([^<]+)<\/td><td><a href="\/dev\/outbox\/(\d+)"/g,
          ),
        ];
        const row = rows.find((r) => r[1] === to && Number(r[2]) > after);
        mailId = row ? Number(row[2]) : 0;
        if (!mailId) return "none";
        const page = await (await request.get(`/dev/outbox/${mailId}`)).text();
        return page.includes("Verstuurd") || page.includes("Sent") ? "sent" : "queued";
      },
      { timeout: 20_000 },
    )
    .toBe("sent");
  const page = await (await request.get(`/dev/outbox/${mailId}`)).text();
  const links = [...page.matchAll(/<li><a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return { id: mailId, links, html: page };
}
