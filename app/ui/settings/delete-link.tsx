import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";

/** The way to /settings/delete, where the account is actually deleted. */
export function DeleteLink() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("settings:delete.intro")}</p>
      <Link to="/settings/delete" className="btn btn-outline-danger">
        {t("settings:delete.link")}
      </Link>
    </>
  );
}
