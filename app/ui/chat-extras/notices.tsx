import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";

/** What the gift, photo and report actions left in the page's address (see `extrasNotices`). */
interface ExtrasNoticeData {
  insufficientCredits: boolean;
  photoError: string | null;
  reported: "ok" | "rateLimited" | null;
}

/**
 * The outcomes of the gift, photo and report actions for a plain page: the insufficient-credits
 * notice with "Koop credits", a photo that could not be used, a report received or refused.
 * (`refused` reasons are shown by the send form, with a text's own messages: chat:refused.*.)
 */
export function ExtrasNotices({ notices }: { notices: ExtrasNoticeData }) {
  const { t } = useTranslation();
  return (
    <>
      {notices.insufficientCredits && (
        <div
          className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
          role="alert"
          data-testid="insufficient-credits"
        >
          <strong className="me-auto">{t("chat-extras:notices.insufficientCredits")}</strong>
          <Link to="/credits" className="btn btn-primary btn-sm">
            {t("chat-extras:notices.buyCredits")}
          </Link>
        </div>
      )}
      {notices.photoError && (
        <div className="alert alert-danger" role="alert" data-testid="chat-photo-error">
          {t(`chat-extras:photoErrors.${notices.photoError}`)}
        </div>
      )}
      {notices.reported === "ok" && (
        <div className="alert alert-success" role="status" data-testid="message-reported">
          {t("chat-extras:report.sent")}
        </div>
      )}
      {notices.reported === "rateLimited" && (
        <div className="alert alert-danger" role="alert">
          {t("chat-extras:report.rateLimited")}
        </div>
      )}
    </>
  );
}
