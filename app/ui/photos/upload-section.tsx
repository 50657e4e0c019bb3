import { UploadErrorMessage, type UploadErrorData } from "./upload-error-message";
import { UploadForm } from "./upload-form";

/** The last upload's error, then the upload form, or instead of it the limit message once at the limit. */
export function UploadSection({
  uploadError,
  atLimit,
  limit,
  paidUser,
}: {
  uploadError: UploadErrorData | null;
  atLimit: boolean;
  limit: number;
  paidUser: boolean;
}) {
  return (
    <>
      {uploadError && <UploadErrorMessage error={uploadError} paidUser={paidUser} />}
      {atLimit && !uploadError ? (
        <UploadErrorMessage error={{ error: "limitReached", limit }} paidUser={paidUser} />
      ) : (
        <UploadForm disabled={atLimit} />
      )}
    </>
  );
}
