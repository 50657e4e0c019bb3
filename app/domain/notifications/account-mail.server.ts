import type { NotificationKey } from "~/domain/core/notification-preferences";
import type { Site } from "~/domain/sites/site.server";
import type { Prisma } from "~/generated/prisma/client";
import { env } from "~/lib/env.server";
import { dateTimeFormat } from "~/lib/intl-formats";
import { MAIL_PRIORITY, queueMail } from "~/lib/mail.server";
import { translatorFor } from "~/lib/translator.server";

export type AccountMailKind =
  | "activation"
  | "resetPassword"
  | "changeEmail"
  | "emailChanged"
  | "reactivation"
  | "complaintReceived"
  | "like"
  | "paymentReceipt"
  | "refund"
  // Staff accounts (/staff/team): an invitation with a link to set the password, a member made staff.
  | "staffInvite"
  | "staffRoleGiven"
  // The member's data archive is ready to download (domain/privacy).
  | "dataExportReady"
  // Staff's decision on a member's appeal (docs/product.md, Appeals).
  | "appealPhotoGranted"
  | "appealPhotoRefused"
  | "appealBanGranted"
  | "appealBanRefused"
  // Notification mails (each with an unsubscribe link, see notification-mail.server.ts).
  | "newConversation"
  | "newMessages"
  | "unreadReminder"
  | "weeklyUpdate"
  | "inactivity"
  | "mailing";

/**
 * Mails anyone could make us send to an address by typing it (a signup, a reset, a new address, a
 * complaint): their footer says a recipient who asked for nothing may ignore them, and they greet
 * without a name, since the address is not known to be a confirmed member's and the name was typed
 * by whoever asked (it would put their text in a mail under the site's name). Mails about what
 * happened to an account (a changed address, a deletion, a payment) must not say so: there, a
 * recipient who did nothing should contact support, as their texts say.
 */
const MAILS_ANYONE_CAN_REQUEST: ReadonlySet<AccountMailKind> = new Set([
  "activation",
  "resetPassword",
  "changeEmail",
  "complaintReceived",
]);

function footerKey(kind: AccountMailKind, unsubscribe: MailUnsubscribe | undefined) {
  if (unsubscribe) return "notificationFooter";
  return MAILS_ANYONE_CAN_REQUEST.has(kind) ? "footer" : "accountFooter";
}

/** A notification mail's unsubscribe link (footer and List-Unsubscribe) and the preference it turns off. */
export interface MailUnsubscribe {
  url: string;
  key: NotificationKey;
}

/** A line of a list in the mail (the weekly update's members), linking to `url`. */
export interface MailListItem {
  title: string;
  detail: string;
  url: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function mailSender(site: Pick<Site, "name" | "domain">): string {
  return env().MAIL_FROM ?? `"${site.name}" <noreply@${site.domain}>`;
}

/** What an account mail says, and to whom by name and language. */
interface AccountMailContent {
  kind: AccountMailKind;
  language: string;
  site: Pick<Site, "name" | "domain">;
  /** The confirmed member's profile name for the greeting; never used in mails anyone can request. */
  name?: string;
  link?: string;
  /** Further values for the texts, e.g. `count` (plurals) and `likerName`. */
  values?: Record<string, string | number>;
  unsubscribe?: MailUnsubscribe;
  list?: MailListItem[];
  /** Subject and paragraphs written by staff (mailings) instead of the kind's texts. */
  content?: { subject: string; paragraphs: string[] };
}

/**
 * A mail about the member's account, in their language, with the site's name and domain, as HTML
 * and plain text. `link` is the button's address (absent for a plain acknowledgement).
 */
function renderAccountMail({
  kind,
  language,
  site,
  name,
  link,
  values: extra = {},
  unsubscribe,
  list = [],
  content,
}: AccountMailContent) {
  const t = translatorFor(language);
  const named = name && !MAILS_ANYONE_CAN_REQUEST.has(kind) ? name : null;
  const values = { ...extra, siteName: site.name, domain: site.domain };
  const subject = content?.subject ?? t(`${kind}.subject`, { ns: "mail", ...values });
  const paragraphs =
    content?.paragraphs ?? (t(`${kind}.body`, { ns: "mail", returnObjects: true, ...values }) as string[]);
  const button = link ? t(`${kind}.button`, { ns: "mail", ...values }) : null;
  const greeting = named
    ? t("greeting", { ns: "mail", ...values, name: named })
    : t("greetingWithoutName", { ns: "mail", ...values });
  const footer = t(footerKey(kind, unsubscribe), { ns: "mail", ...values });
  const unsubscribeText = unsubscribe
    ? t("unsubscribe", {
        ns: "mail",
        topic: t(`settings:notifications.keys.${unsubscribe.key}`),
      })
    : null;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<h1 style="color:#c8007a;font-size:22px">${escapeHtml(site.name)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${list.length > 0 ? `<ul style="padding-left:18px">${list.map((item) => `<li style="margin-bottom:8px"><a href="${escapeHtml(item.url)}" style="color:#c8007a;font-weight:bold">${escapeHtml(item.title)}</a> ${escapeHtml(item.detail)}</li>`).join("")}</ul>` : ""}
${link && button ? `<p><a href="${escapeHtml(link)}" style="background:#c8007a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(link)}</p>` : ""}
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
${unsubscribe && unsubscribeText ? `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe.url)}" style="color:#666">${escapeHtml(unsubscribeText)}</a></p>` : ""}
</body></html>`;
  const text = [
    greeting,
    "",
    ...paragraphs,
    ...list.flatMap((item) => ["", `${item.title} ${item.detail}`, item.url]),
    ...(link && button ? ["", `${button}: ${link}`] : []),
    "",
    footer,
    ...(unsubscribe && unsubscribeText ? ["", `${unsubscribeText}: ${unsubscribe.url}`] : []),
  ].join("\n");
  return { subject, html, text };
}

/** A date in a mail, as the recipient's language writes it, on the site's calendar ("4 maart 2026"). */
export function mailDate(date: Date, language: string, timeZone: string): string {
  return dateTimeFormat(language, { dateStyle: "long", timeZone }).format(date);
}

/** Mails to many members at once: they wait behind everything else in the mail queue. */
const BULK_MAILS: ReadonlySet<AccountMailKind> = new Set(["weeklyUpdate", "inactivity", "mailing"]);

/**
 * A mail's place in the queue: account mails (no unsubscribe link: activation, reset, e-mail
 * change, receipts…) first, then notifications about something that just happened, then bulk.
 */
function mailPriority(kind: AccountMailKind, unsubscribe: MailUnsubscribe | undefined): number {
  if (!unsubscribe) return MAIL_PRIORITY.account;
  return BULK_MAILS.has(kind) ? MAIL_PRIORITY.bulk : MAIL_PRIORITY.notification;
}

export async function sendAccountMail(
  options: AccountMailContent & { to: string; userId?: number | null },
  /** Queue it in this transaction (see queueMail). */
  tx?: Prisma.TransactionClient,
) {
  const { subject, html, text } = renderAccountMail(options);
  return queueMail(
    {
      userId: options.userId ?? null,
      to: options.to,
      from: mailSender(options.site),
      template: options.kind,
      subject,
      html,
      text,
      unsubscribeUrl: options.unsubscribe?.url ?? null,
      notificationKey: options.unsubscribe?.key ?? null,
      priority: mailPriority(options.kind, options.unsubscribe),
    },
    tx,
  );
}
