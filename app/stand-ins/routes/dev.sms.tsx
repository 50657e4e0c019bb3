import { useTranslation } from "~/ui/use-translation";
import { smsOutboxEnabled } from "~/lib/sms.server";
import { smsOutbox } from "~/stand-ins/outbox.server";
import { requireOutboxPage } from "~/stand-ins/page-guards.server";
import type { Route } from "./+types/dev.sms";
import type { TranslationHandle } from "~/lib/i18n";

export const handle: TranslationHandle = { i18n: ["directDebit"] };

/**
 * The local SMS outbox beside the mail outbox: every text the site sent while no SMS_URL is set.
 * Only where stand-ins run; on an external database (STANDINS=true, staging) for staff only, since
 * the texts hold codes that confirm payments. Anyone else gets 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireOutboxPage(context, smsOutboxEnabled());
  return { messages: await smsOutbox() };
}

export const meta: Route.MetaFunction = () => [{ title: "SMS" }, { name: "robots", content: "noindex" }];

export default function SmsOutboxRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4">
      <h1 className="h3">{t("directDebit:smsOutbox.title")}</h1>
      <p className="text-body-secondary">{t("directDebit:smsOutbox.intro")}</p>
      {loaderData.messages.length === 0 ? (
        <p>{t("directDebit:smsOutbox.empty")}</p>
      ) : (
        <table className="table table-sm">
          <thead>
            <tr>
              <th>{t("directDebit:smsOutbox.to")}</th>
              <th>{t("directDebit:smsOutbox.body")}</th>
              <th>{t("directDebit:smsOutbox.status")}</th>
              <th>{t("directDebit:smsOutbox.date")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.messages.map((message) => (
              <tr key={message.id} data-testid="sms-message">
                <td data-testid="sms-to">{message.to}</td>
                <td data-testid="sms-body">{message.body}</td>
                <td title={message.lastError ?? undefined}>
                  {t(`directDebit:smsOutbox.statuses.${message.status as "queued" | "sent" | "failed"}`)}
                </td>
                <td>{new Date(message.createdAt).toISOString().replace("T", " ").slice(0, 19)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
