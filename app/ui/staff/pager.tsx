import { Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";

/**
 * Previous and next links of a paged staff list (plain links, so they work without JavaScript),
 * keeping the list's filters (`query`) in the address.
 */
export function Pager({
  page,
  pages,
  path,
  query,
}: {
  page: number;
  pages: number;
  path: string;
  query: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const href = (to: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
    params.set("page", String(to));
    return `${path}?${params.toString()}`;
  };
  return (
    <nav aria-label={t("staffAdmin:pager.label")} className="d-flex align-items-center gap-3 my-3">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t("staffAdmin:pager.previous")}
        </Link>
      ) : null}
      <span className="text-body-secondary small">{t("staffAdmin:pager.position", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t("staffAdmin:pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
