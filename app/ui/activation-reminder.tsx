import { useTranslation } from "~/ui/use-translation";
import { Link, useLocation } from "react-router";

interface ActivationReminderUser {
  status: string;
  /** The member's profile status (`active` or `disabled`); null without a profile. */
  profileStatus: string | null;
  /** Reasons mails are switched off (fbl, bounce, listunsubscribe). */
  notificationsDisabled: readonly string[];
}

/**
 * docs/product.md, Accounts: the reminder shows when the user is not confirmed, the profile is
 * disabled (as it is until the e-mail address is confirmed) and no notifications are disabled (a
 * mail can arrive).
 */
function shouldShowActivationReminder(user: ActivationReminderUser | null | undefined): boolean {
  return (
    !!user &&
    user.status === "not_confirmed" &&
    user.profileStatus === "disabled" &&
    user.notificationsDisabled.length === 0
  );
}

/** A small banner asking to confirm the e-mail address, with a link to the complete-signup step. */
export function ActivationReminder({ user }: { user: ActivationReminderUser | null | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The complete-signup page is where the reminder leads; it says the same there already.
  if (!shouldShowActivationReminder(user) || pathname === "/complete-signup") return null;
  return (
    <div
      className="alert alert-warning rounded-0 mb-0 py-2 text-center"
      role="status"
      data-testid="activation-reminder"
    >
      {t("signup:reminder.text")}{" "}
      <Link to="/complete-signup" className="alert-link">
        {t("signup:reminder.link")}
      </Link>
    </div>
  );
}
