import type { MiddlewareHandler } from "hono";
import type { Config } from "~/server/config.server";
import { metrics } from "~/server/metrics/metrics.server";
import { bodyLimitFor } from "./body-limit.server";
import { noticeResponse } from "./notice-page.server";

/**
 * Load shedding. Past what the process can serve, an unbounded backlog makes
 * every request slow and some never answered (4.4% at 200 connections on the staff search, on the
 * embedded database). So at most `concurrency` requests run at once and at most `queue` wait, in
 * order, each for at most `maxWaitMs`; any other gets a fast 503 with Retry-After. Every admitted
 * request then finishes within about the wait plus its own time, and health checks, static files
 * and cached public pages (served before this) always answer.
 */
export type AdmissionLimits = {
  concurrency: number;
  queue: number;
  maxWaitMs: number;
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
};

export type ShedReason = "queue_full" | "waited_too_long";

type Waiter = { settle: (answer: true | ShedReason) => void; since: number };

export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: AdmissionLimits) {}

  get inFlight() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  /** Resolves true when the request may run (call `leave` when it is done), false when shed. */
  enter(): Promise<true | ShedReason> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.limits.queue) return Promise.resolve("queue_full");
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        resolve("waited_too_long");
      }, this.limits.maxWaitMs);
      const waiter: Waiter = {
        since: performance.now(),
        settle: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
      };
      this.waiting.push(waiter);
    });
  }

  leave() {
    // The slot passes straight to the next in line, so the count never dips and lets a newcomer
    // in. A busy event loop may not have run a waiter's timer yet: its wait is checked here too.
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      if (performance.now() - next.since <= this.limits.maxWaitMs) return next.settle(true);
      next.settle("waited_too_long");
    }
    this.running--;
  }
}

/**
 * The gate in front of React Router's requests (pages, their data, form posts). An upload is let
 * through: its time is the network's, and a phone on a slow link would hold a slot for a minute.
 */
export function admitRequests(settings: Config["admission"] | undefined): MiddlewareHandler {
  if (!settings) return (_c, next) => next();
  const limits: AdmissionLimits = {
    ...settings,
    retryAfterSeconds: Math.max(1, Math.ceil(settings.maxWaitMs / 1000)),
  };
  const gate = new AdmissionGate(limits);
  const shed = metrics().shed;
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && isUpload(c.req.path)) return next();
    const admitted = await gate.enter();
    if (admitted !== true) {
      shed.inc({ reason: admitted });
      return serverBusy(c.req.raw, limits.retryAfterSeconds);
    }
    try {
      // Run in the event loop's next turn: every request already read (on the embedded database a
      // request may run start to end without giving the loop a turn) meets the gate first, so the
      // line forms here, where it is bounded, and not unread in the sockets.
      await new Promise((resolve) => setImmediate(resolve));
      // A client that gave up while it waited (its connection closed) is not worth the work.
      if (c.req.raw.signal.aborted) return serverBusy(c.req.raw, limits.retryAfterSeconds);
      await next();
    } finally {
      gate.leave();
    }
  };
}

function isUpload(path: string) {
  return bodyLimitFor(path).kind === "upload";
}

export function serverBusy(request: Request, retryAfterSeconds: number) {
  return noticeResponse(request, {
    status: 503,
    text: "The server is too busy to answer right now. Please try again in a few seconds.",
    page: (t) => ({ title: t("notices.busy.title"), message: t("notices.busy.body") }),
    headers: { "retry-after": String(retryAfterSeconds) },
  });
}
