// One row of a benchmark: a page (GET) or an action (POST) asked for by autocannon for a few
// seconds, with its requests per second, p95 and errors.
import autocannon from "autocannon";
import { percentile } from "./server";

/** A page (GET) or an action (POST with a form body, `next` varying each request). */
export interface Target {
  label: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  next?: () => { path: string; body: string; headers?: Record<string, string> };
  /** Measured without the member's cookie. */
  visitor?: boolean;
  /** A page the goals hold to a share of the trivial page. */
  memberPage?: boolean;
}

export interface Measured {
  /** The status of one request before the row: a page that answers a redirect or an error says so. */
  status: number;
  rps: number;
  p95: number;
  /** Answers outside 2xx/3xx, connection errors and timeouts. */
  errors: number;
  /** CPU ms per request of the processes `cpu` reads (when given). */
  cpuPerRequest?: number;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

export async function measure(
  baseUrl: string,
  target: Target,
  cookie: string | null,
  {
    seconds,
    connections,
    cpu,
  }: {
    seconds: number;
    connections: number;
    /** CPU ms so far of the processes that serve the row (the app server, its database). */
    cpu?: () => Promise<number>;
  },
): Promise<Measured> {
  const method = target.method ?? "GET";
  const headers: Record<string, string> = target.visitor || !cookie ? {} : { cookie };
  if (method === "POST") Object.assign(headers, FORM);
  // A page as a browser asks for its document.
  else headers.accept = "text/html,application/xhtml+xml";
  const first = target.next?.() ?? { path: target.path, body: target.body };
  const response = await fetch(`${baseUrl}${first.path}`, {
    method,
    headers: { ...headers, ...("headers" in first ? first.headers : {}) },
    body: first.body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  const latencies: number[] = [];
  let failed = 0;
  const cpuBefore = await cpu?.();
  const next = target.next;
  const run = autocannon({
    url: `${baseUrl}${target.path}`,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        method,
        body: target.body,
        setupRequest: next
          ? (request) => {
              const { headers: extra, ...rest } = next();
              return { ...request, ...rest, headers: { ...request.headers, ...extra } };
            }
          : (request) => request,
      },
    ],
  });
  // autocannon's summary has no p95: keep every response time and take it from those. A redirect
  // is a success (a form's answer); anything else outside 2xx is an error.
  run.on("response", (_client, statusCode, _bytes, ms) => {
    latencies.push(ms);
    if (statusCode < 200 || statusCode >= 400) failed++;
  });
  const result = await run;
  const cpuAfter = await cpu?.();
  latencies.sort((a, b) => a - b);
  return {
    status: response.status,
    rps: result.requests.average,
    p95: percentile(latencies, 95),
    errors: failed + result.errors + result.timeouts,
    cpuPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result.requests.total,
  };
}
