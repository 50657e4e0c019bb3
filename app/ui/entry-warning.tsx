import { Form, useLocation } from "react-router";
import { useTranslation } from "~/ui/use-translation";

/**
 * The adult-content entry warning. The server renders it open; accepting posts a plain form that
 * stores the dismissal time in a cookie, so it works without JavaScript.
 */
export function EntryWarning({ siteName, minAge }: { siteName: string; minAge: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div
      className="modal entry-warning"
      role="dialog"
      aria-modal="true"
      aria-labelledby="entry-warning-title"
      data-testid="entry-warning"
    >
      <div className="modal-dialog modal-dialog-centered">
        <div className="modal-content">
          <div className="modal-header">
            <h2 className="modal-title h5" id="entry-warning-title">
              {t("entryWarning.title", { minAge })}
            </h2>
          </div>
          <div className="modal-body">
            <p>{t("entryWarning.body", { siteName, minAge })}</p>
            <p className="mb-0 small text-body-secondary">{t("entryWarning.cookieNote")}</p>
          </div>
          <div className="modal-footer">
            <a href="https://www.google.com/" className="btn btn-outline-secondary" rel="noreferrer">
              {t("entryWarning.leave")}
            </a>
            <Form method="post" action="/entry-warning">
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
              <button type="submit" className="btn btn-primary" autoFocus>
                {t("entryWarning.enter", { minAge })}
              </button>
            </Form>
          </div>
        </div>
      </div>
    </div>
  );
}
