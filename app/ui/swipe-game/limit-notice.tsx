import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";

/**
 * The day's likes are used up: when the game opens again, as a day and time in the site's time
 * zone (the same on the server and in the browser) and as hours from now.
 */
export function LimitNotice({
  reopensAt,
  hoursLeft,
  likesPerDay,
  timeZone,
}: {
  reopensAt: Date;
  hoursLeft: number;
  likesPerDay: number;
  timeZone: string;
}) {
  const { t, language } = useTranslation();
  const at = new Date(reopensAt);
  const day = new Intl.DateTimeFormat(language, { weekday: "long", timeZone }).format(at);
  const time = new Intl.DateTimeFormat(language, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(at);
  return (
    <section
      className="alert alert-warning"
      role="alert"
      data-testid="swipe-limit"
      aria-labelledby="swipe-limit-title"
    >
      <h2 className="h5 alert-heading" id="swipe-limit-title">
        {t("swipe:closed.title")}
      </h2>
      <p>{t("swipe:closed.text", { count: likesPerDay })}</p>
      <p className="fw-semibold">
        <time dateTime={at.toISOString()}>
          {t("swipe:closed.reopens", { count: Math.max(1, hoursLeft), day, time })}
        </time>
      </p>
      <p className="mb-2">{t("swipe:closed.meanwhile")}</p>
      <p className="mb-0 d-flex flex-wrap gap-2">
        <Link to="/members" className="btn btn-primary">
          {t("swipe:closed.searchLink")}
        </Link>
        <Link to="/likes" className="btn btn-outline-primary">
          {t("swipe:closed.likesLink")}
        </Link>
      </p>
    </section>
  );
}
