import { useTranslation } from "~/ui/use-translation";
import { Link, useSearchParams } from "react-router";
import { LIKE_NOTICE_PARAM, type LikeNotice as Notice } from "~/domain/likes/like-action";

const NOTICES: readonly Notice[] = ["matched", "notFound", "self", "unavailable", "blocked", "rateLimited"];

/** After a plain-form like (no JavaScript): a match, or why the like was refused. */
export function LikeNotice() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const notice = NOTICES.find((n) => n === searchParams.get(LIKE_NOTICE_PARAM));
  if (!notice) return null;
  return (
    <div className="container mt-3">
      {notice === "matched" ? (
        <p className="alert alert-success mb-0" role="status" data-testid="like-notice">
          {t("likes:matched")} <Link to="/likes/matches">{t("likes:tabs.matches")}</Link>
        </p>
      ) : (
        <p className="alert alert-danger mb-0" role="alert" data-testid="like-notice">
          {t(`likes:refused.${notice}`)}
        </p>
      )}
    </div>
  );
}
