import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { NOTIFICATION_KEYS, type NotificationKey } from "~/domain/core/notification-preferences";

export function NotificationsForm({ notifications }: { notifications: Record<NotificationKey, boolean> }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("settings:notifications.intro")}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="mb-3">
          <legend className="visually-hidden">{t("settings:notifications.title")}</legend>
          {NOTIFICATION_KEYS.map((key) => (
            <div className="form-check form-switch" key={key}>
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                name={key}
                id={`notification-${key}`}
                defaultChecked={notifications[key]}
              />
              <label className="form-check-label" htmlFor={`notification-${key}`}>
                {t(`settings:notifications.keys.${key}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t("settings:notifications.submit")}
        </button>
      </Form>
    </>
  );
}
