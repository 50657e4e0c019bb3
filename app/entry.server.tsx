import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type RouterContextProvider,
} from "react-router";
import { requestInfoContext } from "./lib/context";
import { DEFAULT_LOCALE } from "./lib/i18n";
import type { Translator } from "./lib/translator";
import { withLowPriorityModulePreloads } from "./lib/module-preloads.server";
import { getLocale, pageTranslatorFor } from "./middleware/i18n.server";
import { isCrossSiteMutation } from "./middleware/request-info.server";
import { TranslatorProvider } from "./ui/use-translation";

export const streamTimeout = 5_000;

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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // The pages have no Suspense boundaries, so the shell is the whole page: it is sent as one body
    // rather than streamed in React's 2 KB chunks, each a write of its own (a tenth of a member
    // page's CPU time went to those writes).
    const { pipe, abort } = renderToPipeableStream(
      <TranslatorProvider value={translator}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslatorProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(withLowPriorityModulePreloads(Buffer.concat(chunks)), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Unexpected errors are logged as one JSON line with the request id; unknown URLs (404) are not errors. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router answers a cross-site mutation 400 itself and reports it here: refused, not an error.
  if (isCrossSiteMutation(request)) return;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "unhandled error",
      requestId: request.headers.get("X-Request-Id"),
      method: request.method,
      url: new URL(request.url).pathname,
      error: detail,
    }),
  );
}
