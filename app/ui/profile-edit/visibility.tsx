import { useTranslation } from "~/ui/use-translation";

/** Whether other members see a field: a badge beside its label, or a hint `below` the control. */
export function Visibility({ visible, below = false }: { visible: boolean; below?: boolean }) {
  const { t } = useTranslation();
  const text = visible ? t("profileEdit:visibleHint") : t("profileEdit:hiddenHint");
  if (below) {
    return (
      <div className="form-text" data-testid="visibility-hint">
        {text}
      </div>
    );
  }
  return (
    <span
      className={`badge ms-2 fw-normal ${visible ? "text-bg-success" : "text-bg-secondary"}`}
      data-testid="visibility-hint"
    >
      {text}
    </span>
  );
}
