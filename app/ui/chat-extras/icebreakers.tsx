import { useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { ICEBREAKER_KEYS, icebreakerHref } from "~/domain/chat/icebreakers";
import { Dialog } from "~/ui/dialog";
import { useHydrated } from "~/ui/profile-edit/use-hydrated";

interface Opener {
  key: string;
  text: string;
}

function IcebreakerModal({
  openers,
  onPick,
  onClose,
}: {
  openers: Opener[];
  onPick: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      id="icebreaker-modal"
      title={t("chat-extras:icebreakers.title")}
      closeLabel={t("chat-extras:icebreakers.close")}
      onClose={onClose}
    >
      <p>{t("chat-extras:icebreakers.intro")}</p>
      <div className="d-grid gap-2">
        {openers.map((opener) => (
          <button
            key={opener.key}
            type="button"
            className="btn btn-outline-primary text-start"
            onClick={() => {
              onPick(opener.text);
              onClose();
            }}
          >
            {opener.text}
          </button>
        ))}
      </div>
    </Dialog>
  );
}

/**
 * Openers for an empty conversation. With JavaScript: a modal (open at first unless `autoOpen` is
 * false, and again from its button) whose choice goes to `onPick`, e.g. to fill the send form's
 * textarea. Without it: the openers as buttons linking to `pageUrl?text=<opener>`, which the page
 * puts in its empty form (see `prefilledText` in ~/domain/chat/icebreakers).
 */
export function Icebreakers({
  name,
  pageUrl,
  onPick,
  autoOpen = true,
}: {
  /** The other member's name, used in some openers. */
  name: string;
  /** The conversation page (path and query) the no-JS buttons return to. */
  pageUrl: string;
  onPick?: (text: string) => void;
  autoOpen?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(autoOpen);
  const openers = ICEBREAKER_KEYS.map((key) => ({
    key,
    text: t(`chat-extras:icebreakers.openers.${key}`, { name }),
  }));
  if (!hydrated || !onPick) {
    return (
      <section className="icebreakers mb-3" aria-labelledby="icebreakers-title" data-testid="icebreakers">
        <h2 className="h6" id="icebreakers-title">
          {t("chat-extras:icebreakers.title")}
        </h2>
        <div className="d-flex flex-wrap gap-2">
          {openers.map((opener) => (
            <Link
              key={opener.key}
              to={icebreakerHref(pageUrl, opener.text)}
              replace
              preventScrollReset
              className="btn btn-outline-primary btn-sm text-start"
            >
              {opener.text}
            </Link>
          ))}
        </div>
      </section>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mb-2"
        onClick={() => setOpen(true)}
        data-testid="icebreakers-open"
      >
        {t("chat-extras:icebreakers.open")}
      </button>
      {open && <IcebreakerModal openers={openers} onPick={onPick} onClose={() => setOpen(false)} />}
    </>
  );
}
