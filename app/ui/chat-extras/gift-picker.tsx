import type { FormEvent } from "react";
import { useTranslation } from "~/ui/use-translation";
import { GIFTS_OPEN_PARAM } from "~/domain/chat/chat-types";
import { NotSent } from "~/ui/not-sent";
import { useRetriedSend } from "~/ui/send-retries";
import { Picker } from "./picker";
import { giftName } from "./gift-name";
import { TargetFields, type SendTarget } from "./target-fields";

interface GiftChoice {
  id: number;
  code: string;
  image: string;
  names?: Partial<Record<string, string>>;
}

const GIFT_ACTION = "/chats/gift";

/** The form's fields as the pressed button sends them (its name and value included). */
function submittedFields(event: FormEvent<HTMLFormElement>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(event.currentTarget)) fields[name] = String(value);
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter instanceof HTMLButtonElement && submitter.name) fields[submitter.name] = submitter.value;
  return fields;
}

/**
 * The gift catalogue behind "Send a gift" (a Picker: read only when open, `?gifts=1`). One plain
 * form posting to /chats/gift, each gift its submit button; the action answers with a redirect.
 * With JavaScript a fetcher posts it, sending again while the connection gives no answer
 * (send-retries.ts), and follows the redirect.
 */
export function GiftPicker({
  gifts,
  price,
  to,
  sendKey,
  redirectTo,
  disabled = false,
}: {
  /** Null while the picker is closed. */
  gifts: GiftChoice[] | null;
  /** Credits any gift costs. */
  price: number;
  to: SendTarget;
  /** The page's send key (ChatExtrasData). */
  sendKey: string;
  /** The page to return to on a refusal (default: the conversation's page). */
  redirectTo?: string;
  disabled?: boolean;
}) {
  const { t, language } = useTranslation();
  // Keyed by whom it goes to, not by the page's send key: a refresh during the send gives the page a
  // new key, and a fetcher whose key is gone drops its answer.
  const sender = useRetriedSend<never>(
    "conversationId" in to ? `gift-conversation-${to.conversationId}` : `gift-profile-${to.profileId}`,
  );
  return (
    <Picker
      name="gift-picker"
      openParam={GIFTS_OPEN_PARAM}
      contents={gifts}
      label={t("chat-extras:giftPicker.button")}
    >
      {(gifts) => (
        <>
          <div className="d-flex justify-content-between gap-2">
            <h2 className="h6">{t("chat-extras:giftPicker.title")}</h2>
            {sender.pending && (
              <span className="small text-body-secondary" role="status" data-testid="gift-sending">
                {t("sending")}
              </span>
            )}
          </div>
          {gifts.length === 0 ? (
            <p className="mb-0 text-body-secondary">{t("chat-extras:giftPicker.empty")}</p>
          ) : (
            // One form: the pressed gift's button sends its id.
            <form
              method="post"
              action={GIFT_ACTION}
              onSubmit={(event) => {
                event.preventDefault();
                if (!sender.pending) sender.send(submittedFields(event), GIFT_ACTION);
              }}
            >
              <TargetFields to={to} sendKey={`${sendKey}-gift`} redirectTo={redirectTo} />
              {sender.failed && <NotSent retryButton={{ onClick: sender.retry }} />}
              <ul className="list-unstyled row row-cols-3 row-cols-sm-4 g-2 mb-0">
                {gifts.map((gift) => {
                  const name = giftName(t, gift.code, gift.names, language);
                  return (
                    <li key={gift.id} className="col">
                      <button
                        type="submit"
                        name="giftId"
                        value={gift.id}
                        className="btn btn-light border w-100 h-100 d-flex flex-column align-items-center gap-1 p-2"
                        disabled={disabled || sender.pending}
                        title={t("chat-extras:giftPicker.send", { gift: name, credits: price })}
                        data-testid={`gift-${gift.code}`}
                      >
                        <img src={gift.image} alt="" width={48} height={48} loading="lazy" />
                        <span className="small">{name}</span>
                        <span className="badge text-bg-secondary">
                          {t("chat-extras:giftPicker.price", { credits: price })}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </form>
          )}
        </>
      )}
    </Picker>
  );
}
