import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";

/** A file field whose button label ("Browse") is translated, unlike the browser's own. */
export function FileInput({ name, accept, id }: { name: string; accept?: string; id: string }) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <div className="file-input input-group">
      <label htmlFor={id} className="btn btn-outline-primary">
        {t("form.browse")}
      </label>
      <span className="form-control text-truncate" aria-live="polite">
        {fileName ?? t("form.noFileChosen")}
      </span>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? null)}
      />
    </div>
  );
}
