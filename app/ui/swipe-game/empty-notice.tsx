import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";

/** No suitable member left for now: say so kindly and point to the search. */
export function EmptyNotice() {
  const { t } = useTranslation();
  return (
    <section
      className="card card-body text-center"
      data-testid="swipe-empty"
      aria-labelledby="swipe-empty-title"
    >
      <h2 className="h5" id="swipe-empty-title">
        {t("swipe:empty.title")}
      </h2>
      <p>{t("swipe:empty.text")}</p>
      <p className="mb-0">
        <Link to="/members" className="btn btn-primary">
          {t("swipe:empty.searchLink")}
        </Link>
      </p>
    </section>
  );
}
