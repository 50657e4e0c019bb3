import { Form, Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import type { NotificationsDisabledReason } from "~/generated/prisma/enums";

/**
 * Why mail to the member was switched off (spam report, bounce, unsubscribe), with a button to resume
 * for a spam report or unsubscribe; a bounce needs a new address, which it says instead (resuming
 * keeps it). On the settings page it posts there; as the site-wide alert (`alert`) it posts to
 * /mail-alert, links to the settings for a new address and can be closed.
 */
export function MailsOffNotice({
  email,
  reasons,
  alert,
}: {
  email: string;
  reasons: NotificationsDisabledReason[];
  alert?: { redirectTo: string };
}) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  const resumable = reasons.some((reason) => reason !== "bounce");
  const action = alert ? "/mail-alert" : undefined;
  return (
    <div
      className={alert ? "alert alert-warning rounded-0 mb-0" : "alert alert-warning"}
      role="status"
      data-testid={alert ? "mails-off-alert" : "notifications-disabled"}
    >
      <div className={alert ? "container d-flex gap-2 align-items-start" : undefined}>
        <div className="flex-grow-1">
          <p className="fw-semibold">{t("settings:notifications.disabled.title")}</p>
          {reasons.map((reason) => (
            <p key={reason}>{t(`settings:notifications.disabled.${reason}`, { email })}</p>
          ))}
          {reasons.includes("bounce") && (
            <p data-testid="mails-off-new-address">{t("settings:notifications.disabled.newAddress")}</p>
          )}
          <div className="d-flex flex-wrap gap-2 align-items-center">
            {resumable && (
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="resumeMails" />
                {alert && <input type="hidden" name="redirectTo" value={alert.redirectTo} />}
                <button type="submit" className="btn btn-sm btn-outline-dark">
                  {t("settings:notifications.disabled.resume")}
                </button>
              </Form>
            )}
            {alert && reasons.includes("bounce") && (
              <Link to="/settings" className="alert-link">
                {t("mailings:alert.changeEmail")}
              </Link>
            )}
            {alert && (
              <Link to="/notifications" className="alert-link">
                {t("mailings:alert.preferences")}
              </Link>
            )}
          </div>
        </div>
        {alert && (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="redirectTo" value={alert.redirectTo} />
            <button type="submit" className="btn-close" aria-label={t("mailings:alert.dismiss")} />
          </Form>
        )}
      </div>
    </div>
  );
}
