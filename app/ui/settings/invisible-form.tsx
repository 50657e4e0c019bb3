import { Form } from "react-router";
import { useTranslation } from "~/ui/use-translation";

export function InvisibleForm({ invisible }: { invisible: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="invisible" />
      <div className="form-check form-switch mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          name="invisible"
          id="invisible"
          defaultChecked={invisible}
          aria-describedby="invisible-help"
        />
        <label className="form-check-label" htmlFor="invisible">
          {t("settings:invisible.label")}
        </label>
      </div>
      <p className="form-text" id="invisible-help">
        {t("settings:invisible.help")}
      </p>
      <button type="submit" className="btn btn-primary">
        {t("settings:invisible.submit")}
      </button>
    </Form>
  );
}
