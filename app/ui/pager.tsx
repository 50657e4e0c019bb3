import { useTranslation } from "~/ui/use-translation";
import { useLocation } from "react-router";
import { AppLink } from "~/ui/app-link";

/**
 * Page numbers shown around the current page: the first, the last and two on either side; when
 * more pages follow than are known, a gap instead of the last.
 */
function pageWindow(page: number, pageCount: number, morePages = false): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || (n === pageCount && !morePages) || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  if (morePages && pages.at(-1) !== "gap") pages.push("gap");
  return pages;
}

/**
 * Links to the other pages of a result list; `queryFor` gives each page's query string (the filters
 * stay). With `morePages`, pages follow after `pageCount` (the count stopped early).
 */
export function Pager({
  page,
  pageCount,
  morePages = false,
  queryFor,
}: {
  page: number;
  pageCount: number;
  morePages?: boolean;
  queryFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pageCount <= 1 && !morePages) return null;
  // Never a Next past the last known page, also when asked for a page beyond it.
  const last = page >= pageCount && !morePages;
  const link = (n: number) => `${pathname}?${queryFor(n)}`;
  return (
    <nav aria-label={t("paging.label")} className="mt-4">
      <ul className="pagination flex-wrap">
        <li className={`page-item${page === 1 ? " disabled" : ""}`}>
          {page === 1 ? (
            <span className="page-link">{t("paging.previous")}</span>
          ) : (
            <AppLink className="page-link" to={link(page - 1)} rel="prev">
              {t("paging.previous")}
            </AppLink>
          )}
        </li>
        {pageWindow(page, pageCount, morePages).map((n, index) =>
          n === "gap" ? (
            <li key={`gap-${index}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={n} className={`page-item${n === page ? " active" : ""}`}>
              {n === page ? (
                <span className="page-link" aria-current="page">
                  {n}
                </span>
              ) : (
                <AppLink
                  className="page-link"
                  to={link(n)}
                  aria-label={t("paging.page", { page: n, pageCount })}
                >
                  {n}
                </AppLink>
              )}
            </li>
          ),
        )}
        <li className={`page-item${last ? " disabled" : ""}`}>
          {last ? (
            <span className="page-link">{t("paging.next")}</span>
          ) : (
            <AppLink className="page-link" to={link(page + 1)} rel="next">
              {t("paging.next")}
            </AppLink>
          )}
        </li>
      </ul>
    </nav>
  );
}
