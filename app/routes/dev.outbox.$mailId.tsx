import { data, Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { requireOutboxPage } from "~/middleware/guards.server";
import { db } from "~/lib/db.server";
import { outboxEnabled } from "~/lib/mail.server";
import type { Route } from "./+types/dev.outbox.$mailId";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireOutboxPage(context, outboxEnabled());
  const mail = await db().mail.findUnique({
    where: { id: Number(params.mailId) || 0 },
    select: { id: true, to: true, subject: true, text: true, html: true, status: true, createdAt: true },
  });
  if (!mail) throw data(null, { status: 404 });
  const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return {
    mail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, status: mail.status },
    links: [...new Set(links)],
  };
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
