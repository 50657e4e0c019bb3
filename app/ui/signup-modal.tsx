import { Suspense, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useRootData } from "~/lib/root-data";
import { isPlainLeftClick } from "./app-link";
import { usePageTranslator } from "./page-translations";
import {
  InviteOnlyNotice,
  isRefusal,
  SignupForm,
  type SignupActionData,
  type SignupPageData,
  type SignupView,
} from "./signup-form";
import { TranslatorProvider, useTranslation } from "./use-translation";

/** Signup is a separate /signup page on phones, a modal from this width on (Bootstrap's md breakpoint). */
const SIGNUP_MODAL_QUERY = "(min-width: 768px)";
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

/** The modal once the signup texts are there (a page without them loads them first). */
function TranslatedSignupModal(props: { href: string; onClose: () => void }) {
  const translator = usePageTranslator(MODAL_NAMESPACES);
  return (
    <TranslatorProvider value={translator}>
      <SignupModal {...props} />
    </TranslatorProvider>
  );
}

/** The /signup link a click is on, if it is one: any link to the signup page, with or without a query. */
function signupLinkOf(event: MouseEvent): string | null {
  if (!(event.target instanceof Element)) return null;
  const link = event.target.closest<HTMLAnchorElement>("a[href]");
  if (!link || !isPlainLeftClick(event, link.target)) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== "/signup") return null;
  return url.pathname + url.search;
}

/**
 * Every signup link of the site, one listener (mounted once, by the root, for visitors): a plain
 * link to the /signup page on phones and without JavaScript; from 768 px wide with JavaScript a
 * click opens the signup modal instead. It listens in the capture phase, before the link's own
 * handler (React Router's `<Link>`, or `useAppLinkNavigation`) would navigate.
 */
export function SignupLinks() {
  const visitor = !useRootData()?.user;
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    if (!visitor) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || window.location.pathname === "/signup") return;
      const href = signupLinkOf(event);
      if (!href || !window.matchMedia(SIGNUP_MODAL_QUERY).matches) return;
      event.preventDefault();
      setOpen(href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [visitor]);
  if (!open || !visitor) return null;
  return (
    <Suspense fallback={null}>
      <TranslatedSignupModal href={open} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
