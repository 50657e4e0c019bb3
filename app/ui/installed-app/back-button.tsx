import { Link, useMatches, useNavigate } from "react-router";
import { useTranslation } from "~/ui/use-translation";

/**
 * The installed app's Back button shows on these routes (docs/product.md, Sites, languages and
 * countries); without history it goes to the parent.
 */
const BACK_PARENTS: Record<string, string> = {
  "members-id": "/members",
  "likes-m-id": "/likes",
  "likes-type": "/likes",
  "routes/credits": "/members",
  "credits-id-paymentmethod": "/credits",
};

/** Whether this tab has an earlier page of ours to go back to (React Router numbers its entries). */
function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/** A link to the parent page; with JavaScript it goes back in history when there is any. */
export function BackButton() {
  const { t } = useTranslation("installedApp");
  const navigate = useNavigate();
  const parent = useMatches()
    .map((match) => BACK_PARENTS[match.id])
    .find(Boolean);
  if (!parent) return null;
  return (
    <nav className="container pt-2" aria-label={t("back")}>
      <Link
        to={parent}
        className="btn btn-sm btn-outline-secondary"
        data-testid="app-back"
        onClick={(event) => {
          if (!hasHistory()) return;
          event.preventDefault();
          void navigate(-1);
        }}
      >
        <span aria-hidden="true">‹ </span>
        {t("back")}
      </Link>
    </nav>
  );
}
