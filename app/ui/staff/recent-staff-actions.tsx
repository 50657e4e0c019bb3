import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { useTranslation } from "~/ui/use-translation";

/**
 * A staff page's latest decisions: when, by whom, what. `sentences` names the translation keys of
 * the sentence per action (a page's own namespace may hold those of its actions).
 */
export function RecentStaffActions({
  actions,
  sentences = "staff:actions",
}: {
  actions: StaffActionView[];
  sentences?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="mt-4" aria-labelledby="recent-staff-actions" data-testid="recent-staff-actions">
      <h2 className="h6" id="recent-staff-actions">
        {t("staff:recent.title")}
      </h2>
      {actions.length === 0 ? (
        <p className="small text-body-secondary">{t("staff:recent.empty")}</p>
      ) : (
        <ul className="list-unstyled small mb-0">
          {actions.map((action) => (
            <li key={action.id} data-testid="staff-action" data-action={action.action}>
              <span className="text-body-secondary">
                {t("staff:recent.by", { date: action.date, staff: action.staff })}
              </span>{" "}
              {t(`${sentences}.${action.action}`, action.values)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
