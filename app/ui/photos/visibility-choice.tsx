import { useTranslation } from "~/ui/use-translation";

/** Public (the default) or private, for a new photo. */
export function VisibilityChoice() {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t("photos:upload.visibility")}</legend>
      {(["public", "private"] as const).map((value) => (
        <div className="form-check form-check-inline" key={value}>
          <input
            className="form-check-input"
            type="radio"
            name="visibility"
            id={`upload-visibility-${value}`}
            value={value}
            defaultChecked={value === "public"}
          />
          <label className="form-check-label" htmlFor={`upload-visibility-${value}`}>
            {t(`photos:visibility.${value}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
