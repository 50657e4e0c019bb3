import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path inside the app ("/members/12?page=2"). */
  to: string;
};

/**
 * A link to an absolute path of the app, for pages with many links (cards, lists, top bar, footer).
 * React Router's `<Link>` resolves its path against the route matches and the location on every
 * render, which a page with dozens of links pays for on the server (decision 0036,
 * `docs/decisions/0036-plain-links-in-lists.md`, has the figures). This renders a plain, marked
 * `<a href>`; one listener of the app (`useAppLinkNavigation`, decision 0052) navigates on the
 * client on a plain left click, as `<Link>` does.
 */
export function AppLink({ to, className, children, ...rest }: AppLinkProps) {
  // The mark tells `useAppLinkNavigation` which links it takes over. The props nearly every link has
  // are named, so the rest is nearly always empty and React need not copy all of them per link.
  return (
    <a className={className} href={to} data-app-link="" {...rest}>
      {children}
    </a>
  );
}

/** A click that navigates in place: the main button, no modifier key, a link without a target. */
export function isPlainLeftClick(event: MouseEvent, target: string): boolean {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * Client-side navigation for every `AppLink` of the page, from one click listener on the document
 * (mounted once, by the root). A click its own handler took over (`preventDefault`), or one with a
 * modifier key or on a link with a target, is left alone. A link to the page itself replaces it in
 * the history, as `<Link>` does.
 */
export function useAppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>("a[data-app-link]");
      if (!link || !isPlainLeftClick(event, link.target)) return;
      event.preventDefault();
      const to = link.getAttribute("href")!;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: here === to });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
