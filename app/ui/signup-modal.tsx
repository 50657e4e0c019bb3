import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Link, useFetcher } from "react-router";
import { InviteOnlyNotice, SignupForm, type SignupActionData, type SignupPageData } from "./signup-form";

/** Signup is a separate /signup page on phones, a modal from this width on (Bootstrap's md breakpoint). */
const SIGNUP_MODAL_MIN_WIDTH = 768;

/**
 * The signup form in a modal: its settings come from the /signup loader and it posts to /signup, so
 * the page and the modal share every rule. While a signup is in progress neither the backdrop, nor
 * Escape, nor the close button closes it.
 */
function SignupModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useFetcher<{ settings: SignupPageData }>();
  const submit = useFetcher<SignupActionData>();
  const inProgress = submit.state !== "idle";
  const dialogRef = useRef<HTMLDivElement>(null);

  const { load } = settings;
  useEffect(() => {
    void load("/signup");
  }, [load]);

  useEffect(() => {
    dialogRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !inProgress) onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [inProgress, onClose]);

  const data = settings.data?.settings;
  return (
    <div
      className="modal d-block"
      style={{ background: "rgba(0, 0, 0, 0.6)" }}
      role="dialog"
      aria-modal="true"
      aria-labelledby="signup-modal-title"
      aria-busy={inProgress || undefined}
      data-testid="signup-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !inProgress) onClose();
      }}
    >
      <div className="modal-dialog modal-dialog-scrollable">
        <div className="modal-content" ref={dialogRef} tabIndex={-1}>
          <div className="modal-header">
            <h2 className="modal-title h5 text-primary" id="signup-modal-title">
              {t("signup:title")}
            </h2>
            <button
              type="button"
              className="btn-close"
              aria-label={t("signup:close")}
              disabled={inProgress}
              onClick={onClose}
            />
          </div>
          <div className="modal-body">
            {!data ? (
              <p className="text-body-secondary mb-0" role="status">
                {t("signup:loading")}
              </p>
            ) : data.open ? (
              <SignupForm settings={data} actionData={submit.data} fetcher={submit} />
            ) : (
              <InviteOnlyNotice />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The "Gratis aanmelden" button: a plain link to /signup (phones, and always without JavaScript);
 * from 768 px wide with JavaScript it opens the signup modal instead.
 */
export function SignupCallToAction({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to="/signup"
        className={className}
        data-testid="signup-cta"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          if (!window.matchMedia(`(min-width: ${SIGNUP_MODAL_MIN_WIDTH}px)`).matches) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t("signup:cta")}
      </Link>
      {open && <SignupModal onClose={() => setOpen(false)} />}
    </>
  );
}
