import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { LocalTime } from "./local-time";

/** One login of the member, as the settings page lists it (no session id). */
interface SessionRow {
  current: boolean;
  browser: string | null;
  os: string | null;
  lastUsedAt: string;
}

export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const { t } = useTranslation();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <p>{t("settings:sessions.intro")}</p>
      <ul className="list-group mb-3" data-testid="sessions">
        {sessions.map((session, index) => (
          <li className="list-group-item" key={index} data-testid="session" data-current={session.current}>
            <div className="d-flex justify-content-between flex-wrap gap-2">
              <span className="fw-semibold">
                {t("settings:sessions.device", {
                  browser: session.browser ?? t("settings:sessions.unknownBrowser"),
                  os: session.os ?? t("settings:sessions.unknownOs"),
                })}
              </span>
              {session.current && (
                <span className="badge text-bg-success">{t("settings:sessions.current")}</span>
              )}
            </div>
            <small className="text-body-secondary">
              {t("settings:sessions.lastUsed")} <LocalTime iso={session.lastUsedAt} />
            </small>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sessions" />
          <button type="submit" className="btn btn-outline-primary">
            {t("settings:sessions.logoutOthers")}
          </button>
        </Form>
      ) : (
        <p className="text-body-secondary mb-0">{t("settings:sessions.onlyThis")}</p>
      )}
    </>
  );
}
