import { useLocation } from "react-router";
import type { NotificationsDisabledReason } from "~/generated/prisma/enums";
import { MailsOffNotice } from "./settings/mails-off-notice";

/** The "disabled notifications" alert for the default layout; the settings page shows its own notice. */
export function MailsOffAlert({
  alert,
}: {
  alert: { email: string; reasons: NotificationsDisabledReason[] } | null | undefined;
}) {
  const { pathname, search } = useLocation();
  if (!alert || pathname === "/settings") return null;
  return (
    <MailsOffNotice email={alert.email} reasons={alert.reasons} alert={{ redirectTo: pathname + search }} />
  );
}
