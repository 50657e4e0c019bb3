import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { usePageTranslator } from "./page-translations";
import {
  isRefusal,
  SignupForm,
  type SignupActionData,
  type SignupPageData,
  type SignupView,
} from "./signup-form";
import { InviteOnlyNotice } from "./signup-notices";
import { TranslatorProvider, useTranslation } from "./use-translation";

/** What the modal needs besides the page's own translations. */
const MODAL_NAMESPACES = ["accounts", "signup"] as const;

/**
 * The signup steps in a modal: the step and the settings come from the /signup loader and every
 * step posts to /signup, so the page and the modal share every rule. A step that moves on answers
 * the next step's number and the modal loads it. While a step is being sent neither the backdrop,
 * nor Escape, nor the close button closes it.
 */
function SignupModal({ href, onClose }: { href: string; onClose: () => void }) {
  const { t } = useTranslation();
  const page = useFetcher<{ settings: SignupPageData; view: SignupView }>();
  const submit = useFetcher<SignupActionData>();
  const inProgress = submit.state !== "idle";
  const dialogRef = useRef<HTMLDivElement>(null);

  const { load } = page;
  useEffect(() => {
    void load(href);
  }, [load, href]);

  // A step moved on: show the next one, with what the visitor typed there before.
  const answer = submit.data;
  useEffect(() => {
    if (answer && !isRefusal(answer)) void load(`/signup?step=${answer.next}`);
  }, [answer, load]);

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

  const data = page.data;
  // The answer that moved on belongs to the step before: the loaded step shows without it.
  const stepAnswer = isRefusal(answer) ? answer : null;
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
            ) : data.settings.open ? (
              <SignupForm
                settings={data.settings}
                view={data.view}
                actionData={stepAnswer}
                fetcher={submit}
                loading={page.state !== "idle"}
              />
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
 * The modal once the signup texts are there: loaded with this module when a signup link is first
 * clicked (ui/signup-modal.tsx), it loads the texts it needs itself, so no page has to.
 */
export default function TranslatedSignupModal(props: { href: string; onClose: () => void }) {
  const translator = usePageTranslator(MODAL_NAMESPACES);
  return (
    <TranslatorProvider value={translator}>
      <SignupModal {...props} />
    </TranslatorProvider>
  );
}
