import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import type { NotificationKey } from "~/domain/core/notification-preferences";

/**
 * The unsubscribe link's page: first which kind of mail the link turns off, with a button (a plain
 * form); then that it was turned off, or why the link did not work.
 */
export function Unsubscribed({
  unsubscribedKey,
  confirm = false,
  rateLimited = false,
}: {
  unsubscribedKey: NotificationKey | null;
  /** The link was opened: ask before turning `unsubscribedKey` off. */
  confirm?: boolean;
  /** Too many broken unsubscribe links from this connection within the hour: try again later. */
  rateLimited?: boolean;
}) {
  const { t } = useTranslation();
  const topic = unsubscribedKey ? t(`settings:notifications.keys.${unsubscribedKey}`) : "";
  return (
    <main className="container py-5" style={{ maxWidth: 640 }}>
      {unsubscribedKey && confirm ? (
        <>
          <h1 className="h3">{t("mailings:unsubscribe.confirmTitle")}</h1>
          <p data-testid="unsubscribe-confirm">{t("mailings:unsubscribe.confirm", { topic })}</p>
          <Form method="post" className="mb-3">
            <button type="submit" className="btn btn-primary">
              {t("mailings:unsubscribe.confirmButton")}
            </button>
          </Form>
        </>
      ) : unsubscribedKey ? (
        <>
          <h1 className="h3">{t("mailings:unsubscribe.title")}</h1>
          <p data-testid="unsubscribed">{t("mailings:unsubscribe.done", { topic })}</p>
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
