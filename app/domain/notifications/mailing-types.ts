import { SUPPORTED_LOCALES } from "~/lib/i18n";

/** The two mail kinds staff write themselves; each is a notification preference key of its own. */
export const MAILING_KINDS = ["promotions", "news"] as const;
export type MailingKind = (typeof MAILING_KINDS)[number];
export const MAILING_LANGUAGES = SUPPORTED_LOCALES;
export const MAILING_SUBJECT_MAX = 150;
export const MAILING_BODY_MAX = 10_000;

/** A plain-text body as paragraphs: blank lines separate them, single line breaks join. */
export function mailingParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter((p) => p.length > 0);
}

/** What the staff page confirms after a redirect (`?done=`). */
export const MAILING_NOTICES = ["created", "sending"] as const;
export type MailingNotice = (typeof MAILING_NOTICES)[number];

/** A mailing as the staff page lists it. */
export interface MailingRow {
  id: number;
  kind: MailingKind;
  language: string;
  subject: string;
  status: "draft" | "sending" | "sent";
  sentCount: number;
  createdAt: string;
  sentAt: string | null;
}
