import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";

/** Waits for the newest mail to `to` in the outbox (/dev/outbox) and returns its links and text. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  { after = 0 }: { after?: number } = {},
) {
  let mailId = 0;
  await expect
    .poll(
      async () => {
        const html = await (await request.get("/dev/outbox")).text();
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
