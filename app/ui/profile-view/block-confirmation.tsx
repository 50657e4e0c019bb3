import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import { BlockConfirmFields } from "./block-confirm-fields";

/** Without JavaScript: the server's answer to the first "block" post. */
export function BlockConfirmation({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation();
  return (
    <div className="card border-danger" data-testid="block-confirmation">
      <div className="card-body">
        <h2 className="h5 card-title">{t("member:block.confirmTitle", { name })}</h2>
        <p className="card-text">{t("member:block.confirmText")}</p>
        <Form method="post" className="d-flex gap-2">
          <BlockConfirmFields />
          <button type="submit" className="btn btn-danger">
            {t("member:block.confirm")}
          </button>
          <Link to={path} className="btn btn-outline-secondary" replace>
            {t("member:block.cancel")}
          </Link>
        </Form>
      </div>
    </div>
  );
}
