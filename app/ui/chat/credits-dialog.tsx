import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { Dialog } from "~/ui/dialog";

/** The chat's error for not enough credits, with the way to buy them. */
export const BUY_CREDITS_PATH = "/credits";

/** With JavaScript: the dialog "Je hebt onvoldoende credits" with "Koop credits". */
export function CreditsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      id="credits-dialog"
      title={t("chat:credits.title")}
      closeLabel={t("chat:credits.close")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t("chat:credits.close")}
          </button>
          <Link to={BUY_CREDITS_PATH} className="btn btn-primary">
            {t("chat:credits.buy")}
          </Link>
        </>
      }
    >
      <p className="mb-0">{t("chat:credits.text")}</p>
    </Dialog>
  );
}

/** Without JavaScript: the same, as a section of the page above the form that kept the message. */
export function CreditsNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning mx-2 mb-2" role="alert" data-testid="credits-notice">
      <h2 className="h5">{t("chat:credits.title")}</h2>
      <p>{t("chat:credits.text")}</p>
      <Link to={BUY_CREDITS_PATH} className="btn btn-primary btn-sm">
        {t("chat:credits.buy")}
      </Link>
    </div>
  );
}
