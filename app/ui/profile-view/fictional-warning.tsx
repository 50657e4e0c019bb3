import { useTranslation } from "~/ui/use-translation";

export function FictionalWarning({ singular }: { singular: string }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" role="note" data-testid="fictional-warning">
      {t("profile:fictional.warning", { fictionalSingular: singular })}
    </div>
  );
}
