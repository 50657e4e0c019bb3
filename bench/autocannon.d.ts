// The few parts of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface RequestParams {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: (RequestParams & { setupRequest?: (request: RequestParams) => RequestParams })[];
  }

  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }

  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "4xx": number;
    "5xx": number;
    duration: number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
