// The mail outbox's files: each mail sent into the outbox (no SMTP_URL, where stand-ins may run) as
// DATA_DIR/outbox/{id}.eml, the message as it would have gone out, removed when the mail is pruned.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "~/lib/env.server";
import type { OutboxFiles } from "~/lib/mail.server";

function outboxDir() {
  return path.join(env().DATA_DIR, "outbox");
}

export const outboxFiles: OutboxFiles = {
  async keep(mailId, message) {
    await mkdir(outboxDir(), { recursive: true });
    await writeFile(path.join(outboxDir(), `${mailId}.eml`), message);
  },
  async remove(mailIds) {
    await Promise.all(mailIds.map((id) => rm(path.join(outboxDir(), `${id}.eml`), { force: true })));
  },
};
