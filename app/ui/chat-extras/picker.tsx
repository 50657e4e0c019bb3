import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "~/ui/app-link";

/**
 * A picker beside the send form. Its contents are read only when it is open (decision 0027), so a
 * closed one is a link to the page with it open (`?<openParam>=1`, a page of its own without
 * JavaScript, in place with it); an open one is a details element whose summary closes and reopens it.
 */
export function Picker<Contents>({
  name,
  openParam,
  contents,
  label,
  children,
}: {
  /** The element's id, class and test id ("gift-picker"); the link's target. */
  name: string;
  openParam: string;
  /** What the loader read for the open picker; null while it is closed. */
  contents: Contents | null;
  label: string;
  children: (contents: Contents) => ReactNode;
}) {
  const open = contents !== null;
  const { pathname } = useLocation();
  const summary = useRef<HTMLElement>(null);
  // Opened by its link: the focus goes where the link was.
  useEffect(() => {
    if (open && window.location.hash === `#${name}`) summary.current?.focus();
  }, [open, name]);
  if (!open) {
    return (
      <div className={name} data-testid={name}>
        <AppLink to={`${pathname}?${openParam}=1#${name}`} className="btn btn-outline-primary btn-sm">
          {label}
        </AppLink>
      </div>
    );
  }
  return (
    <details className={name} id={name} data-testid={name} open>
      <summary ref={summary} className="btn btn-outline-primary btn-sm">
        {label}
      </summary>
      <div className="card card-body mt-2">{children(contents)}</div>
    </details>
  );
}
