// What the mail and SMS outboxes hold, for their pages: the stand-ins' side of the mail and SMS
// transports in app/lib, which store every mail and text.
import { db } from "~/lib/db.server";

/** The newest mails (the /dev/outbox page). */
export function outboxMails(take = 100) {
  return db().mail.findMany({
    orderBy: { id: "desc" },
    take,
    select: { id: true, to: true, subject: true, status: true, createdAt: true, lastError: true },
  });
}

/** One mail of the outbox with the links in it (the /dev/outbox/:mailId page), or null. */
export async function outboxMail(mailId: number) {
  const mail = await db().mail.findUnique({
    where: { id: mailId },
    select: { id: true, to: true, subject: true, text: true, html: true, status: true, createdAt: true },
  });
  if (!mail) return null;
  const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return {
    mail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, status: mail.status },
    links: [...new Set(links)],
  };
}

/** The outbox's newest texts (the /dev/sms page). */
export function smsOutbox(take = 100) {
  return db().smsMessage.findMany({
    orderBy: { id: "desc" },
    take,
    select: { id: true, to: true, body: true, status: true, lastError: true, createdAt: true },
  });
}
