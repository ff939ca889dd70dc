import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { actionFailed, formInvalid, staleRefused } from "~/app/lib/action-result";
import { editVersion } from "~/domain/versions";
import { StaleEditError } from "~/domain/versions";
import { redirectDone } from "~/app/lib/redirect-done";
import { logger } from "~/server/logger.server";
import type { Viewer } from "~/server/auth/guards.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";

/**
 * How a catalogue screen's intent handlers (jobs, study programs) answer a failure: a row gone
 * since the page loaded (`NotFound`) is a 404 with `notFoundKey`; anything else is logged with
 * `logMessage` and is a 500 with the handler's own `failure` key.
 */
export function answeringWith(
  NotFound: abstract new (...args: never[]) => Error,
  notFoundKey: string,
  logMessage: string,
  /** Other refusals the screen explains: the error's class, its message key and status. */
  refusals: [abstract new (...args: never[]) => Error, string, number][] = [],
) {
  return async function answering<T>(intent: string, failure: string, run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof NotFound) return actionFailed(intent, notFoundKey, 404);
      for (const [Refusal, key, status] of refusals) {
        if (error instanceof Refusal) return actionFailed(intent, key, status);
      }
      logger().error({ err: error, intent }, logMessage);
      return actionFailed(intent, failure, 500);
    }
  };
}

/**
 * The handler of intent "create" or "update" of a row's add/edit form: the form read with `schema`
 * (its errors answered as they are), then the row created, or updated (its id in the form's
 * `<row>Id`) by what `write` gives for the staff member, and the page told `<row>Created` or
 * `<row>Updated`; a failure answers through `answering`, with `errors.save<Row>Failed`.
 */
export function savingRow<Value>(
  row: string,
  schema: z.ZodType<Value>,
  answering: ReturnType<typeof answeringWith>,
  write: (actor: Viewer) => {
    create: (input: Value) => Promise<unknown>;
    update: (id: string, input: Value, version: number | undefined) => Promise<unknown>;
  },
) {
  const failure = `errors.save${row[0]?.toUpperCase()}${row.slice(1)}Failed`;
  return ({ request, viewer, formData, intent }: IntentArgs<Viewer>) =>
    answering(intent, failure, async () => {
      const submission = parseWithZod(formData, { schema });
      if (submission.status !== "success") return formInvalid(intent, submission.reply());
      const { create, update } = write(viewer);
      if (intent === "create") {
        await create(submission.value);
        return redirectDone(request, `${row}Created`);
      }
      try {
        await update(
          String(formData.get(`${row}Id`) ?? ""),
          submission.value,
          editVersion.safeParse(formData.get("version") || undefined).data,
        );
      } catch (error) {
        if (!(error instanceof StaleEditError)) throw error;
        // Changed since the form opened (decision record 37): nothing written, what was typed
        // stays in the form, and the page says who changed it and what it is called now.
        const current = error.stale.current.title;
        return staleRefused(
          intent,
          error.stale,
          { text: typeof current === "string" ? current : null },
          { result: submission.reply() },
        );
      }
      return redirectDone(request, `${row}Updated`);
    });
}
