import { useTranslation } from "~/ui/use-translation";

/** On a profile hidden from members (disabled, unconfirmed, invisible) that staff open to moderate. */
export function StaffOnlyNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" role="status" data-testid="staff-only-profile">
      {t("member:staffOnly")}
    </div>
  );
}
