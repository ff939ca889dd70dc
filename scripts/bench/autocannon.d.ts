// The part of autocannon 8's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  };

  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p97_5: number;
    p99: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    requests: Histogram;
    latency: Histogram;
  };

  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      stop: () => void;
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
      ): Instance;
    };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
