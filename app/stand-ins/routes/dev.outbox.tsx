import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { outboxEnabled } from "~/lib/mail.server";
import { outboxMails } from "~/stand-ins/outbox.server";
import { requireOutboxPage } from "~/stand-ins/page-guards.server";
import type { Route } from "./+types/dev.outbox";

/** The local outbox: every mail the site sent while no SMTP_URL is configured (see requireOutboxPage). */
export async function loader({ context }: Route.LoaderArgs) {
  requireOutboxPage(context, outboxEnabled());
  return { mails: await outboxMails() };
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox" }, { name: "robots", content: "noindex" }];

export default function OutboxRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="container py-4">
      <h1 className="h3">{t("outbox.title")}</h1>
      <p className="text-body-secondary">{t("outbox.intro")}</p>
      {loaderData.mails.length === 0 ? (
        <p>{t("outbox.empty")}</p>
      ) : (
        <table className="table table-sm">
          <thead>
            <tr>
              <th>{t("outbox.to")}</th>
              <th>{t("outbox.subject")}</th>
              <th>{t("outbox.status")}</th>
              <th>{t("outbox.date")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.mails.map((mail) => (
              <tr key={mail.id} data-testid="outbox-mail">
                <td>{mail.to}</td>
                <td>
                  <Link to={`/dev/outbox/${mail.id}`}>{mail.subject}</Link>
                </td>
                <td title={mail.lastError ?? undefined}>{t(`outbox.statuses.${mail.status}`)}</td>
                <td>{new Date(mail.createdAt).toISOString().replace("T", " ").slice(0, 19)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
