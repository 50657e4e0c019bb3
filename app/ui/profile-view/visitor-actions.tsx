import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { LOGIN_REASONS } from "~/middleware/login-path";
import { loginPath } from "./viewer";

/**
 * Visitors see the ordinary Like, Chat and Gift buttons; each leads to the login page, which says
 * why a login is needed (docs/product.md, Members and roles) and returns here afterwards.
 */
export function VisitorActions({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" data-testid="visitor-actions">
      {LOGIN_REASONS.map((reason) => (
        <li key={reason}>
          <Link to={loginPath(path, reason)} className="btn btn-outline-primary" rel="nofollow">
            {t(`likes:visitorButton.${reason}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
