import { Link } from "react-router";
import { Footer } from "../footer";
import { EntryWarning, useChrome } from "./use-chrome";

/** The lander layout: a logo bar, the footer with disclaimer; entry warning for NL and DE only. */
export function LanderLayout({ children }: { children: React.ReactNode }) {
  const chrome = useChrome("lander");
  if (!chrome) return <>{children}</>;
  const { data, showEntryWarning, footer } = chrome;
  return (
    <>
      <header className="py-2 border-bottom bg-white">
        <div className="container">
          <Link to="/" className="fw-bold fs-4 text-primary">
            {data.site.name}
          </Link>
        </div>
      </header>
      {children}
      <Footer {...footer} />
      {showEntryWarning && <EntryWarning siteName={data.site.name} minAge={data.site.minAge} />}
    </>
  );
}
