import type { Site } from "~/domain/sites/site.server";
import { env } from "~/lib/env.server";
import { queueMail } from "~/lib/mail.server";
import { translatorFor } from "~/lib/translator.server";

export type AccountMailKind =
  | "activation"
  | "resetPassword"
  | "changeEmail"
  | "reactivation"
  | "complaintReceived"
  | "like"
  | "paymentReceipt"
  | "refund";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function mailSender(site: Pick<Site, "name" | "domain">): string {
  return env().MAIL_FROM ?? `"${site.name}" <noreply@${site.domain}>`;
}

/**
 * A mail about the member's account, in their language, with the site's name and domain, as HTML
 * and plain text. `link` is the button's address (absent for a plain acknowledgement).
 */
export function renderAccountMail({
  kind,
  language,
  site,
  name,
  link,
  values: extra = {},
}: {
  kind: AccountMailKind;
  language: string;
  site: Pick<Site, "name" | "domain">;
  name: string;
  link?: string;
  /** Further values for the texts, e.g. `count` (plurals) and `likerName`. */
  values?: Record<string, string | number>;
}) {
  const t = translatorFor(language);
  const values = { ...extra, siteName: site.name, domain: site.domain, name };
  const subject = t(`${kind}.subject`, { ns: "mail", ...values });
  const paragraphs = t(`${kind}.body`, { ns: "mail", returnObjects: true, ...values }) as string[];
  const button = link ? t(`${kind}.button`, { ns: "mail", ...values }) : null;
  const greeting = t("greeting", { ns: "mail", ...values });
  const footer = t("footer", { ns: "mail", ...values });
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<h1 style="color:#c8007a;font-size:22px">${escapeHtml(site.name)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${link && button ? `<p><a href="${escapeHtml(link)}" style="background:#c8007a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(link)}</p>` : ""}
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
</body></html>`;
  const text = [
    greeting,
    "",
    ...paragraphs,
    ...(link && button ? ["", `${button}: ${link}`] : []),
    "",
    footer,
  ].join("\n");
  return { subject, html, text };
}

export async function sendAccountMail(options: {
  kind: AccountMailKind;
  to: string;
  userId?: number | null;
  language: string;
  site: Pick<Site, "name" | "domain">;
  name: string;
  link?: string;
  values?: Record<string, string | number>;
}) {
  const { subject, html, text } = renderAccountMail(options);
  return queueMail({
    userId: options.userId ?? null,
    to: options.to,
    from: mailSender(options.site),
    template: options.kind,
    subject,
    html,
    text,
  });
}
