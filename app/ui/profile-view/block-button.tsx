import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Form } from "react-router";
import { BlockModal } from "./block-modal";

/** The block button: with JavaScript it opens a confirmation modal, without it the server asks. */
export function BlockButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="intent" value="block" />
        <button type="submit" className="btn btn-outline-danger btn-sm">
          {t("member:block.button")}
        </button>
      </Form>
      {open && <BlockModal name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
