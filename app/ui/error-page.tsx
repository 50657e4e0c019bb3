import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { isChunkLoadError, reloadForChunkError } from "~/ui/chunk-reload";
import { useMarkNavigationFailed } from "~/ui/loading-bar";
import { useTranslation } from "~/ui/use-translation";

/**
 * A page's data that never arrived: the browser's fetch failed (offline, a dropped connection), not
 * the server. Browsers word it differently: "Failed to fetch", "NetworkError…", "Load failed".
 */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError && !isChunkLoadError(error) && /fetch|network|load failed/i.test(error.message)
  );
}

/** The connection failed: say so, and load the same page again on request (the bar is red meanwhile). */
function NetworkFailure({ as: Element = "main" }: { as?: "main" | "div" }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  useMarkNavigationFailed(true);
  return (
    <Element className="container py-5 text-center" data-testid="error-page">
      <title>{t("error.offline")}</title>
      <p className="lead" role="alert">
        {t("error.offline")}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={revalidator.state === "loading"}
        onClick={() => void revalidator.revalidate()}
      >
        {t("error.retry")}
      </button>
    </Element>
  );
}

function ErrorPage({
  status,
  message,
  as: Element = "main",
}: {
  status: number;
  message: string;
  /** "div" where the page already has its main element (the chat pane). */
  as?: "main" | "div";
}) {
  const { t } = useTranslation();
  return (
    <Element className="container py-5 text-center" data-testid="error-page">
      {/* React puts it in the head: an error page has no route meta of its own. */}
      <title>{`${status} · ${message}`}</title>
      <h1 className="display-4 text-primary">{status}</h1>
      <p className="lead">{message}</p>
      {status === 404 && (
        <Link to="/" className="btn btn-primary">
          {t("error.backHome")}
        </Link>
      )}
    </Element>
  );
}

/**
 * What an error boundary shows for the error it caught: its status and the message for it, in the
 * reader's language. Every route boundary (root, layouts, the conversation pane) renders this
 * inside whatever chrome it keeps standing.
 */
export function RouteErrorPage({ error, as }: { error: unknown; as?: "main" | "div" }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A chunk of a newer deploy than this page's: reload (at most once a minute), else the error page.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  if (isNetworkFailure(error)) return <NetworkFailure as={as} />;
  // The server logs errors in handleError (entry.server.tsx); this reports the browser's own.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  // An unreadable or oversized request body (middleware/request-body.server) says so in the reader's language.
  const bodyMessage = isRouteErrorResponse(error) && (error.data as { message?: unknown } | null)?.message;
  const message =
    status === 404
      ? t("error.notFound")
      : status === 403
        ? t("error.forbidden")
        : typeof bodyMessage === "string" && status < 500
          ? bodyMessage
          : // A refused request does not get better by trying again; a server error may.
            status < 500
            ? t("error.short")
            : t("error.general");
  return <ErrorPage status={status} message={message} as={as} />;
}
