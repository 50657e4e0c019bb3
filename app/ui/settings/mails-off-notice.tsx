import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import type { NotificationsDisabledReason } from "~/generated/prisma/enums";

/** Why mail to the member was switched off (spam report, bounce, unsubscribe), with a button to resume. */
export function MailsOffNotice({
  email,
  reasons,
}: {
  email: string;
  reasons: NotificationsDisabledReason[];
}) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="notifications-disabled">
      <p className="fw-semibold">{t("settings:notifications.disabled.title")}</p>
      {reasons.map((reason) => (
        <p key={reason}>{t(`settings:notifications.disabled.${reason}`, { email })}</p>
      ))}
      <Form method="post">
        <input type="hidden" name="intent" value="resumeMails" />
        <button type="submit" className="btn btn-sm btn-outline-dark">
          {t("settings:notifications.disabled.resume")}
        </button>
      </Form>
    </div>
  );
}
