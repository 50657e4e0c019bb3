import { useTranslation } from "~/ui/use-translation";
import { Form, Link, useLocation } from "react-router";

/**
 * The "profile photo" alert: nudges a member without an active main photo to add one. Dismissing
 * posts a plain form to /profile/photos (intent "dismissAlert"), which stores the time and returns
 * to this page. The caller decides whether to show it (the root loader's `photoAlert`).
 */
export function PhotoAlert({ show }: { show: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (!show || pathname === "/profile/photos") return null;
  return (
    <div
      className="alert alert-info rounded-0 mb-0 py-2 d-flex flex-wrap align-items-center justify-content-center gap-2"
      role="status"
      data-testid="photo-alert"
    >
      <span>{t("photos:alert.text")}</span>
      <Link to="/profile/photos" className="alert-link">
        {t("photos:alert.link")}
      </Link>
      <Form method="post" action="/profile/photos" className="d-inline">
        <input type="hidden" name="intent" value="dismissAlert" />
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <button type="submit" className="btn-close" aria-label={t("photos:alert.dismiss")} />
      </Form>
    </div>
  );
}
