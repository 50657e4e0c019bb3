import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import { Dialog } from "~/ui/dialog";
import { BlockConfirmFields } from "./block-confirm-fields";

/** With JavaScript: asks before blocking; Escape, the backdrop and the close buttons cancel. */
export function BlockModal({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      id="block-modal"
      title={t("member:block.confirmTitle", { name })}
      closeLabel={t("member:block.cancel")}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t("member:block.cancel")}
          </button>
          <Form method="post" onSubmit={onClose}>
            <BlockConfirmFields />
            <button type="submit" className="btn btn-danger">
              {t("member:block.confirm")}
            </button>
          </Form>
        </>
      }
    >
      <p className="mb-0">{t("member:block.confirmText")}</p>
    </Dialog>
  );
}
