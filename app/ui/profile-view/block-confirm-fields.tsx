/** The hidden fields of a confirmed "block" post. */
export function BlockConfirmFields() {
  return (
    <>
      <input type="hidden" name="intent" value="block" />
      <input type="hidden" name="confirm" value="1" />
    </>
  );
}
