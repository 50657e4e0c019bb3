import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";

/**
 * A chat message, gift or like whose request got no answer (the connection dropped: the browser's
 * `fetch` rejected) is sent again, up to 5 times, first after 0.3 s and then each time twice as
 * long (0.6, 1.2, 2.4, 4.8 s: 9.3 s in all), with the same fields, so the same send key: the server
 * stores it once (docs/product.md, Chat; decision 0068). Any answer ends it, a refusal included,
 * which shows as always.
 */
export const SEND_RETRIES = 5;
const FIRST_RETRY_MS = 300;

/** How long to wait before retry `retry` (1 to SEND_RETRIES). */
export function retryDelay(retry: number): number {
  return FIRST_RETRY_MS * 2 ** (retry - 1);
}

/**
 * Marks a fetcher's submission as one this module retries: only those come back as NoAnswer. A
 * page's other forms posting to the same route (a navigation, such as deleting a message) keep
 * React Router's error page when the connection drops. The server ignores the field.
 */
const RETRIED_FIELD = "retried";

/** What a retried submission's action gives when no answer came. */
export interface NoAnswer {
  noAnswer: true;
}

export function isNoAnswer(value: unknown): value is NoAnswer {
  return typeof value === "object" && value !== null && (value as Partial<NoAnswer>).noAnswer === true;
}

/**
 * A failed `fetch` rejects with a TypeError in every browser ("Failed to fetch", "Load failed",
 * "NetworkError …"), also when the connection dropped while the answer was arriving; an answer
 * with an error status resolves, and an abort is a DOMException.
 */
function gotNoAnswer(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The `clientAction` of a route that a retried send posts to: the server's answer as it is, or
 * NoAnswer when the request got none. Its status (never sent: the request got no answer) is ≥ 400
 * so that React Router does not reload the page's data afterwards, which would fail the same way
 * and replace the page with its error page.
 */
export async function answerOrNoAnswer<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}) {
  // Read from a copy: serverAction sends the request's own body.
  const retried = (await request.clone().formData()).get(RETRIED_FIELD) === "1";
  try {
    return await serverAction();
  } catch (error) {
    if (retried && gotNoAnswer(error)) return data<NoAnswer>({ noAnswer: true }, { status: 503 });
    throw error;
  }
}

type Fields = Record<string, string>;

interface Sent {
  fields: Fields;
  action: string;
  /** Retries made so far. */
  retries: number;
}

export interface RetriedSend<T> {
  /** The server's answer to the last send; undefined while sending and when no answer came. */
  answer: T | undefined;
  /** Being sent, or waiting to be sent again. */
  pending: boolean;
  /** The fields being sent (while pending). */
  fields: Fields | null;
  /** Being sent again after no answer: the connection is poor. */
  retrying: boolean;
  /** No answer to the last retry either: not sent. */
  failed: boolean;
  /** Posts `fields` to `action` (a route whose clientAction is answerOrNoAnswer). */
  send: (fields: Fields, action: string) => void;
  /** Sends the last fields again (their send key with them), after `failed`. */
  retry: () => void;
}

/**
 * A React Router fetcher (`key` as useFetcher's) that sends again after no answer. The fetcher
 * stays: its answer revalidates the page's data and follows a redirect as before.
 */
export function useRetriedSend<T>(key: string): RetriedSend<T> {
  const fetcher = useFetcher({ key });
  const { submit } = fetcher;
  // The routes answer plain objects, which arrive as they were sent.
  const data = fetcher.data as T | NoAnswer | undefined;
  const [sent, setSent] = useState<Sent | null>(null);
  const idle = fetcher.state === "idle";
  // A keyed fetcher outlives its component: a no-answer of an earlier one (nothing sent from here)
  // is neither retried nor shown.
  const noAnswer = idle && isNoAnswer(data) && sent !== null ? data : null;
  const failed = noAnswer !== null && sent !== null && sent.retries >= SEND_RETRIES;
  // The no-answer whose retry is under way: a render before the fetcher starts it must not add one.
  const retried = useRef<NoAnswer | null>(null);
  useEffect(() => {
    if (noAnswer === null || sent === null || failed || retried.current === noAnswer) return;
    const timer = setTimeout(
      () => {
        retried.current = noAnswer;
        setSent({ ...sent, retries: sent.retries + 1 });
        void submit({ ...sent.fields, [RETRIED_FIELD]: "1" }, { method: "post", action: sent.action });
      },
      retryDelay(sent.retries + 1),
    );
    return () => clearTimeout(timer);
  }, [noAnswer, failed, sent, submit]);
  const start = (next: Sent) => {
    // A no-answer still shown until the fetcher starts is not one to retry.
    retried.current = noAnswer;
    setSent(next);
    void submit({ ...next.fields, [RETRIED_FIELD]: "1" }, { method: "post", action: next.action });
  };
  const pending = !idle || (noAnswer !== null && !failed);
  const inFlight = fetcher.formData
    ? (Object.fromEntries([...fetcher.formData].map(([name, value]) => [name, String(value)])) as Fields)
    : null;
  return {
    answer: idle && !isNoAnswer(data) ? data : undefined,
    pending,
    fields: pending ? (sent?.fields ?? inFlight) : null,
    retrying: pending && (noAnswer !== null || (sent?.retries ?? 0) > 0),
    failed,
    send: (fields, action) => start({ fields, action, retries: 0 }),
    retry: () => {
      if (sent) start({ ...sent, retries: 0 });
    },
  };
}
