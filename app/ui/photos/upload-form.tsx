import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import { FileInput } from "~/ui/file-input";
import { PHOTOS_PAGE } from "./paths";
import { UploadProgress } from "./upload-progress";
import { useXhrUpload } from "./use-xhr-upload";
import { VisibilityChoice } from "./visibility-choice";

/** Plain multipart form; with JS it shows a preview and sends the file by XMLHttpRequest with progress. */
export function UploadForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { preview, progress, failed, onChange, onSubmit } = useXhrUpload();
  return (
    <Form
      method="post"
      action={PHOTOS_PAGE}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onChange={onChange}
      className="card card-body mb-4"
      data-testid="upload-form"
    >
      <h2 className="h5">{t("photos:upload.title")}</h2>
      <div className="mb-2">
        <label className="form-label" htmlFor="photo-file">
          {t("photos:upload.file")}
        </label>
        <FileInput id="photo-file" name="photo" accept="image/*" />
        <div className="form-text">{t("photos:upload.hint")}</div>
      </div>
      {preview && (
        <img
          src={preview}
          alt={t("photos:upload.preview")}
          className="img-thumbnail mb-2"
          style={{ maxWidth: 240, maxHeight: 300, objectFit: "cover" }}
          data-testid="upload-preview"
        />
      )}
      <VisibilityChoice />
      {progress !== null && <UploadProgress percent={progress} />}
      {failed && (
        <div className="alert alert-danger" role="alert">
          {t("photos:upload.failed")}
        </div>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={disabled || progress !== null}>
          {t("photos:upload.submit")}
        </button>
      </div>
    </Form>
  );
}
