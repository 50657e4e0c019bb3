import { lazy, Suspense, useEffect, useState } from "react";
import { useRootData } from "~/lib/root-data";
import { isPlainLeftClick } from "./app-link";

/** Signup is a separate /signup page on phones, a modal from this width on (Bootstrap's md breakpoint). */
const SIGNUP_MODAL_QUERY = "(min-width: 768px)";

// The modal's code and texts load with the first click that opens it, not with every page.
const SignupModal = lazy(() => import("./signup-modal-dialog"));

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
      <SignupModal href={open} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
