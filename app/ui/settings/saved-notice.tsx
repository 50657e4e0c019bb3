import { useTranslation } from "~/ui/use-translation";
import { SAVED_NOTICES } from "~/domain/accounts/settings-notices";

/** The confirmation after a saved form (the `?saved=` parameter); unknown values show nothing. */
export function SavedNotice({ saved }: { saved: string | null }) {
  const { t } = useTranslation();
  const notice = SAVED_NOTICES.find((n) => n === saved);
  if (!notice) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="settings-saved">
      {t(`settings:saved.${notice}`)}
    </div>
  );
}
