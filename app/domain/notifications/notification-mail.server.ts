import type { NotificationKey } from "~/domain/core/notification-preferences";
import { siteOrigin } from "~/domain/sites/site-origin.server";
import type { Prisma } from "~/generated/prisma/client";
import {
  sendAccountMail,
  type AccountMailKind,
  type MailListItem,
  type MailUnsubscribe,
} from "./account-mail.server";
import { signUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * For a batch job's transaction that claims members and queues their mails together: a batch of
 * 200 mails takes longer than Prisma's default of 5 s on a busy machine.
 */
export const MAIL_BATCH_TRANSACTION = { timeout: 60_000 };

/** The one-click link that turns off this kind for this member (footer and List-Unsubscribe). */
export function unsubscribeFor(origin: string, userId: number, key: NotificationKey): MailUnsubscribe {
  return { url: `${origin}/unsubscribe/${signUnsubscribeToken({ userId, key })}`, key };
}

interface NotificationRecipient {
  id: number;
  email: string;
  language: string;
  name: string;
  site: { name: string; domain: string };
}

/**
 * Queues a notification mail of `kind` (preference `key`), with its unsubscribe link; with `tx` in
 * that transaction, beside the batch job's claim of the member (see queueMail).
 */
export function sendNotificationMail(
  options: {
    to: NotificationRecipient;
    key: NotificationKey;
    kind: AccountMailKind;
    /** The button's path on the site (e.g. `/chats/12`). */
    path?: string;
    values?: Record<string, string | number>;
    /** Lines with a path on the site each. */
    list?: MailListItem[];
    content?: { subject: string; paragraphs: string[] };
  },
  tx?: Prisma.TransactionClient,
) {
  const { to, key, path } = options;
  const origin = siteOrigin(to.site);
  return sendAccountMail(
    {
      kind: options.kind,
      to: to.email,
      userId: to.id,
      language: to.language,
      site: to.site,
      name: to.name,
      link: path === undefined ? undefined : `${origin}${path}`,
      values: options.values,
      list: options.list?.map((item) => ({ ...item, url: `${origin}${item.url}` })),
      content: options.content,
      unsubscribe: unsubscribeFor(origin, to.id, key),
    },
    tx,
  );
}
