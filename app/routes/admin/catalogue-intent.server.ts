import { actionFailed } from "~/app/lib/action-result";
import { logger } from "~/server/logger.server";

/**
 * How a catalogue screen's intent handlers (jobs, study programs) answer a failure: a row gone
 * since the page loaded (`NotFound`) is a 404 with `notFoundKey`; anything else is logged with
 * `logMessage` and is a 500 with the handler's own `failure` key.
 */
export function answeringWith(
  NotFound: abstract new (...args: never[]) => Error,
  notFoundKey: string,
  logMessage: string,
) {
  return async function answering<T>(intent: string, failure: string, run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof NotFound) return actionFailed(intent, notFoundKey, 404);
      logger().error({ err: error, intent }, logMessage);
      return actionFailed(intent, failure, 500);
    }
  };
}
