import { data, Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { outboxEnabled } from "~/lib/mail.server";
import { outboxMail } from "~/stand-ins/outbox.server";
import { requireOutboxPage } from "~/stand-ins/page-guards.server";
import type { Route } from "./+types/dev.outbox.$mailId";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireOutboxPage(context, outboxEnabled());
  const found = await outboxMail(Number(params.mailId) || 0);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export default function OutboxMailRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { mail, links } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 800 }}>
      <p>
        <Link to="/dev/outbox">{t("outbox.back")}</Link>
      </p>
      <h1 className="h4">{mail.subject}</h1>
      <p className="text-body-secondary">
        {t("outbox.to")}: <span data-testid="mail-to">{mail.to}</span> · {t(`outbox.statuses.${mail.status}`)}
      </p>
      <ul data-testid="mail-links">
        {links.map((link) => (
          <li key={link}>
            <a href={link}>{link}</a>
          </li>
        ))}
      </ul>
      <pre className="border rounded p-3 bg-light" style={{ whiteSpace: "pre-wrap" }} data-testid="mail-text">
        {mail.text}
      </pre>
    </main>
  );
}
