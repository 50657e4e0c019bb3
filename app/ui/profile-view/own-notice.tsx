import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";

/** Shown to a member looking at their own profile. */
export function OwnNotice({ invisible }: { invisible: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center" data-testid="own-profile">
      <span>{t("member:own.notice")}</span>
      {invisible && <span>{t("member:own.invisible")}</span>}
      <Link to="/profile" className="btn btn-sm btn-primary ms-auto">
        {t("member:own.edit")}
      </Link>
    </div>
  );
}
