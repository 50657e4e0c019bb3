import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import type { NotificationKey } from "~/domain/accounts/notification-preferences";

/** The unsubscribe link's page: which kind of mail was turned off, or why the link did not work. */
export function Unsubscribed({
  unsubscribedKey,
  rateLimited = false,
}: {
  unsubscribedKey: NotificationKey | null;
  /** Too many unsubscribe links from this connection within the hour: try again later. */
  rateLimited?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <main className="container py-5" style={{ maxWidth: 640 }}>
      {unsubscribedKey ? (
        <>
          <h1 className="h3">{t("mailings:unsubscribe.title")}</h1>
          <p data-testid="unsubscribed">
            {t("mailings:unsubscribe.done", { topic: t(`settings:notifications.keys.${unsubscribedKey}`) })}
          </p>
        </>
      ) : rateLimited ? (
        <>
          <h1 className="h3">{t("mailings:unsubscribe.rateLimitedTitle")}</h1>
          <p className="alert alert-warning" role="alert" data-testid="unsubscribe-rate-limited">
            {t("mailings:unsubscribe.rateLimited")}
          </p>
        </>
      ) : (
        <>
          <h1 className="h3">{t("mailings:unsubscribe.invalidTitle")}</h1>
          <p className="alert alert-danger" role="alert" data-testid="unsubscribe-invalid">
            {t("mailings:unsubscribe.invalid")}
          </p>
        </>
      )}
      <p>
        <Link to="/notifications">{t("mailings:unsubscribe.preferences")}</Link>
      </p>
    </main>
  );
}
