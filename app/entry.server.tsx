import { renderToString } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type RouterContextProvider,
} from "react-router";
import { requestInfoContext } from "./middleware/context";
import { DEFAULT_LOCALE } from "./lib/i18n";
import type { Translator } from "./lib/translator";
import { withLowPriorityModulePreloads } from "./lib/module-preloads.server";
import { getLocale, pageTranslatorFor } from "./middleware/i18n.server";
import { isCrossSiteMutation } from "./middleware/request-info.server";
import { TranslatorProvider } from "./ui/use-translation";
import { logger } from "~/lib/logger.server";

export const streamTimeout = 5_000;

// The server start calls this through the build (server/main.ts): in development Vite's module
// graph has its own copies of the caches it must drop when staff change a site.
export { watchSiteChanges } from "./realtime/site-changes.server";

/** When the middleware failed before i18n ran (e.g. the database is down), errors still render in nl. */
function i18nFor(context: RouterContextProvider): { translator: Translator; nonce?: string } {
  try {
    return {
      translator: pageTranslatorFor(getLocale(context)),
      nonce: context.get(requestInfoContext).nonce,
    };
  } catch {
    return { translator: pageTranslatorFor(DEFAULT_LOCALE) };
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { translator, nonce } = i18nFor(loadContext);
  return handOverLoaderData(routerContext).then(() => {
    const page = renderToString(
      <TranslatorProvider value={translator}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslatorProvider>,
    );
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(withLowPriorityModulePreloads(`<!DOCTYPE html>${page}`), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  });
}

/**
 * The pages have no Suspense boundaries of their own, so a page is rendered in one synchronous pass
 * (`renderToString`) rather than streamed: React's stream renderer encodes each of a page's
 * thousands of small pieces into bytes on its own, a large share of a member page's CPU time. The one
 * boundary is React Router's, around the script that hands the loader data over (`StreamTransfer`),
 * which waits for that data's stream: the stream is read to its end first and put where that
 * script looks for what it has read (its `streamCache`), so it renders at once, whole
 * (decision 0029, `docs/decisions/0029-pages-rendered-to-a-string.md`).
 */
async function handOverLoaderData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
  }
  reader.releaseLock();
  const whole = { done: true, value: text + decoder.decode() };
  context.renderMeta = {
    ...context.renderMeta,
    streamCache: { 0: Object.assign(Promise.resolve(), { result: whole }) },
  };
}

/** Unexpected errors are logged as one JSON line with the request id; unknown URLs (404) are not errors. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router answers a cross-site mutation 400 itself and reports it here: refused, not an error.
  if (isCrossSiteMutation(request)) return;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  logger.error("unhandled error", {
    requestId: request.headers.get("X-Request-Id"),
    method: request.method,
    url: new URL(request.url).pathname,
    error: detail,
  });
}
