/** Who a gift or photo goes to: an existing conversation, or a profile's owner (a new conversation). */
export type SendTarget = { conversationId: number } | { profileId: number };

/** The hidden fields the gift and photo actions read: the target, the form's send key and the page to return to. */
export function TargetFields({
  to,
  sendKey,
  redirectTo,
}: {
  to: SendTarget;
  sendKey: string;
  redirectTo?: string;
}) {
  return (
    <>
      <input type="hidden" name="sendKey" value={sendKey} />
      {"conversationId" in to ? (
        <input type="hidden" name="conversationId" value={to.conversationId} />
      ) : (
        <input type="hidden" name="profileId" value={to.profileId} />
      )}
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
    </>
  );
}
