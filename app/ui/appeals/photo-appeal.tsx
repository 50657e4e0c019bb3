import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { FormErrors } from "~/ui/form-fields";
import { PHOTOS_PAGE } from "~/ui/photos/paths";
import { type FormResult, useValidatedForm } from "~/ui/use-validated-form";
import { AppealTextField } from "./appeal-text-field";

/** A rejected photo's appeal as its owner sees it (docs/product.md, Appeals). */
export interface PhotoAppealState {
  status: "open" | "granted" | "refused";
  decisionReason: string | null;
}

/**
 * Under a rejected photo: the appeal's state, or the form to appeal once (a details element, open
 * after a refused submit so its errors and the typed text show, with or without JavaScript).
 */
export function PhotoAppeal({
  photoId,
  appeal,
  result,
}: {
  photoId: number;
  appeal: PhotoAppealState | null;
  result: FormResult | null;
}) {
  const { t } = useTranslation();
  if (appeal) {
    const text =
      appeal.status === "refused"
        ? t("appeals:photo.refused", { reason: appeal.decisionReason ?? "" })
        : t(`appeals:photo.${appeal.status}`);
    return (
      <p className="mb-2" data-testid="photo-appeal-state" data-status={appeal.status}>
        {text}
      </p>
    );
  }
  return <PhotoAppealForm photoId={photoId} result={result} />;
}

function PhotoAppealForm({ photoId, result }: { photoId: number; result: FormResult | null }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm({
    id: `photo-appeal-${photoId}`,
    lastResult: result,
    schemas: () => import("~/domain/appeals/appeal-schemas"),
    schema: (schemas, t) => schemas.photoAppealSchema(t),
  });
  return (
    <details className="mb-2" open={Boolean(result)}>
      <summary>{t("appeals:photo.summary")}</summary>
      <p className="mt-2">{t("appeals:photo.intro")}</p>
      <Form method="post" action={PHOTOS_PAGE} {...getFormProps(form)} data-testid="photo-appeal-form">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="appeal" />
        <input type="hidden" name="photoId" value={photoId} />
        <AppealTextField field={fields.text} label={t("appeals:photo.text")} />
        <button type="submit" className="btn btn-sm btn-outline-primary">
          {t("appeals:photo.submit")}
        </button>
      </Form>
    </details>
  );
}
