import type { ServerBuild } from "react-router";
import { pageLanguageOf } from "~/server/cache/page-language.server";
import { serverT } from "~/server/i18n/translate.server";
import { logger } from "~/server/logger.server";

/** Retry-After of an answer given while the database cannot be reached: "in a minute". */
export const DATABASE_RETRY_AFTER_SECONDS = 60;

// The socket could not be opened or was lost (Node's codes), or postgres.js gave up on it.
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);
// PostgreSQL's own: class 08 (connection exception), shutting down or starting up (57P01-57P03),
// no connection slot left (53300).
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * The database could not be reached: PostgreSQL refused, dropped or never answered the
 * connection, or the embedded database was closed. Not a query's own failure (a constraint, a
 * bad statement, a statement timeout), which stays a server error; nor another service's
 * connection error (a payment provider, S3): postgres.js marks each error it fails a query with
 * (`query`), and only those count. Looks through the wrappers Drizzle and others put around the
 * driver's error (`cause`, AggregateError).
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (
    typeof code === "string" &&
    "query" in error &&
    (CONNECTION_CODES.has(code) || SQLSTATE.test(code))
  )
    return true;
  if (typeof message === "string" && /^PGlite is clos(ed|ing)$/.test(message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnreachable(e, depth + 1))
  )
    return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

/**
 * 503 with Retry-After and a short apology in the request's language, for answers that are not a
 * page (plain endpoints, resource routes). A page shows the same words in its error boundary.
 */
export async function databaseUnavailableResponse(request: Request): Promise<Response> {
  const lng = (await pageLanguageOf(request)?.catch(() => undefined))?.split(">")[0];
  const t = serverT(lng, "common");
  return new Response(`${t("errors.unavailable.title")}\n\n${t("errors.unavailable.body")}\n`, {
    status: 503,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
    },
  });
}

type Handler = (args: { request: Request }) => unknown;

function answeringOutages(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      logger().error(
        { err: error, path: new URL(args.request.url).pathname },
        "database unreachable",
      );
      // A thrown Response is React Router's way to answer with a status: the page's error
      // boundary gets a 503 route error (and says so), a resource route sends it as it is.
      throw await databaseUnavailableResponse(args.request);
    }
  };
}

/**
 * The build with every loader and action answering 503 while the database cannot be reached.
 * React Router turns any other thrown error into a 500 whose cause the page never learns (it is
 * replaced by "Unexpected Server Error" before rendering), so the one place that still sees the
 * driver's error is around the loader or action itself. Decision record 28.
 */
export function answerDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || (!route.module.loader && !route.module.action)) {
      routes[id] = route;
      continue;
    }
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: answeringOutages(loader as Handler) as typeof loader } : {}),
        ...(action ? { action: answeringOutages(action as Handler) as typeof action } : {}),
      },
    };
  }
  return { ...build, routes };
}
