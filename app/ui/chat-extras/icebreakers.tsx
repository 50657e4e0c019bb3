import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ICEBREAKER_KEYS, icebreakerHref } from "~/domain/chat/icebreakers";
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
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);
  return (
    <div
      className="modal d-block"
      style={{ background: "rgba(0, 0, 0, 0.6)" }}
      role="dialog"
      aria-modal="true"
      aria-labelledby="icebreaker-modal-title"
      data-testid="icebreaker-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-dialog modal-dialog-centered">
        <div className="modal-content" ref={dialogRef} tabIndex={-1}>
          <div className="modal-header">
            <h2 className="modal-title h5" id="icebreaker-modal-title">
              {t("chat-extras:icebreakers.title")}
            </h2>
            <button
              type="button"
              className="btn-close"
              aria-label={t("chat-extras:icebreakers.close")}
              onClick={onClose}
            />
          </div>
          <div className="modal-body">
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
          </div>
        </div>
      </div>
    </div>
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
