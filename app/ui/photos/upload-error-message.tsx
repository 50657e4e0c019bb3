import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";

/** A refused upload; `reason` is the rejection a `rejectedBefore` upload matched. */
export type UploadErrorData = { error: string; limit: number; reason?: string | null };

/** A refused upload; at the photo limit, free members are pointed to Premium. */
export function UploadErrorMessage({ error, paidUser }: { error: UploadErrorData; paidUser: boolean }) {
  const { t } = useTranslation();
  if (error.error === "limitReached") {
    return (
      <div className="alert alert-warning" role="alert" data-testid="upload-error">
        {paidUser
          ? t("photos:upload.errors.limitReachedPremium", { limit: error.limit })
          : t("photos:upload.errors.limitReached", { limit: error.limit })}
        {!paidUser && (
          <>
            {" "}
            <Link to="/premium" className="alert-link">
              {t("photos:upload.becomePremium")}
            </Link>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="alert alert-danger" role="alert" data-testid="upload-error">
      {t(`photos:upload.errors.${error.error}`, { reason: error.reason ?? "" })}
    </div>
  );
}
