import { useTranslation } from "~/ui/use-translation";
import { PROFILE_INTENTS } from "~/domain/profiles/profile-edit-fields";

/** The confirmation after a saved form (the `?saved=` parameter); unknown values show nothing. */
export function SavedNotice({ saved }: { saved: string | null }) {
  const { t } = useTranslation();
  const intent = PROFILE_INTENTS.find((i) => i === saved);
  if (!intent) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="profile-saved">
      {t(`profileEdit:saved.${intent}`)}
    </div>
  );
}
