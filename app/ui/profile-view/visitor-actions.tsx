import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { loginPath } from "./viewer";

/** SPEC section 6: chatting, liking and gifts need a login; each says so and leads to the login page. */
export function VisitorActions({ path }: { path: string }) {
  const { t } = useTranslation();
  const login = loginPath(path);
  return (
    <ul className="list-unstyled d-flex flex-column gap-2 mb-3" data-testid="visitor-actions">
      {(["chat", "like", "gift"] as const).map((action) => (
        <li key={action}>
          <Link to={login} className="btn btn-outline-primary btn-sm">
            {t(`member:visitor.${action}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
