import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { loginPath, type Viewer } from "./viewer";

/** The lock overlay on private photos, with the way in (login for visitors, Premium for members). */
export function LockedTile({
  name,
  count,
  viewer,
  path,
}: {
  name: string;
  count: number;
  viewer: Viewer;
  path: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="border rounded bg-body-secondary p-3 text-center"
      style={{
        backgroundImage: "repeating-linear-gradient(45deg, transparent 0 8px, rgba(0,0,0,.04) 8px 16px)",
      }}
      data-testid="photo-lock"
    >
      <svg
        width="32"
        height="32"
        viewBox="0 0 16 16"
        fill="currentColor"
        aria-hidden="true"
        className="mb-2 text-secondary"
      >
        <path d="M8 1a3 3 0 0 0-3 3v3H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-1V4a3 3 0 0 0-3-3Zm-2 6V4a2 2 0 1 1 4 0v3H6Z" />
      </svg>
      <p className="fw-semibold mb-1">{t("member:photos.locked", { count })}</p>
      {viewer === "visitor" ? (
        <>
          <p className="mb-2">{t("member:photos.visitorLock", { name })}</p>
          <Link to={loginPath(path)} className="btn btn-sm btn-primary">
            {t("member:photos.login")}
          </Link>
        </>
      ) : (
        <>
          <p className="mb-2">{t("member:photos.premiumLock")}</p>
          <Link to="/premium" className="btn btn-sm btn-primary">
            {t("member:photos.getPremium")}
          </Link>
        </>
      )}
    </div>
  );
}
