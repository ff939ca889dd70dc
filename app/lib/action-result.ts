import type { SubmissionResult } from "@conform-to/react";
import { data, type ShouldRevalidateFunction } from "react-router";

/*
 * One answer from every action that does not redirect (decision record 18):
 *   { intent, result?, flash? } (+ whatever a page needs besides, e.g. a preview)
 * - intent: which form on the page was posted, so only that form shows the reply;
 * - result: Conform's reply (field and form errors as translation keys, kept values);
 * - flash:  one message for the page: { ok, message: translation key, value?, count? (plural) },
 *           shown by <Flash>.
 * A change that succeeded redirects instead (redirectDone: ?done=<key>, shown by <DoneFlash>),
 * so a reload never posts again. Both render as an Alert (role="status" or role="alert") in the
 * page, with or without JavaScript.
 */

export type Flash = {
  ok: boolean;
  message: string;
  value?: string;
  count?: number;
  /** An edit refused because the record changed since it was opened (decision record 37). */
  stale?: StaleNotice;
};

/**
 * Who changed the record the edit was made on, when (ISO), and what it holds now: as text, or
 * as a translation key (`currentKey`, e.g. a status label) the page translates.
 */
export type StaleNotice = {
  by: string | null;
  at: string | null;
  current?: string | null;
  currentKey?: string;
  /**
   * For a record of many fields (the settings, a fee policy, a document type): each field that
   * differs from what was sent, as a translation key of its label (with what the label names,
   * `values`) and its value now.
   */
  changes?: { key: string; value: string; values?: Record<string, string> }[];
};

export type ActionResult = {
  intent: string;
  result?: SubmissionResult<string[]>;
  flash?: Flash | null;
};

/** The form's input did not pass its schema: 400 with Conform's reply (`submission.reply()`). */
export function formInvalid<Extra extends object = object>(
  intent: string,
  result: SubmissionResult<string[]>,
  extra?: Extra,
  init: number | ResponseInit = 400,
) {
  return data({ intent, result, flash: null, ...extra }, init);
}

/** Something went wrong that the person can read about (a translation key): 4xx or 5xx. */
export function actionFailed<Extra extends object = object>(
  intent: string,
  message: string,
  init: number | ResponseInit = 500,
  extra?: Extra & { result?: SubmissionResult<string[]> },
) {
  return data({ intent, result: undefined, ...extra, flash: { ok: false, message } }, init);
}

/**
 * The answer of an action that stays on the page (no redirect) and succeeded. `message` is a
 * translation key, or one with its value or count (`{ message: "mail.requeued", count: 3 }`).
 */
export function actionSucceeded<Extra extends object = object>(
  intent: string,
  message: string | Omit<Flash, "ok"> | null,
  extra?: Extra & { result?: SubmissionResult<string[]> },
) {
  const flash: Flash | null =
    message === null
      ? null
      : typeof message === "string"
        ? { ok: true, message }
        : { ...message, ok: true };
  return data({ intent, result: undefined, ...extra, flash });
}

/** The Conform reply meant for one form of the page (undefined when another form was posted). */
export function resultFor(
  actionData: { intent?: string; result?: SubmissionResult<string[]> } | undefined | null,
  ...intents: string[]
) {
  return actionData && intents.includes(actionData.intent ?? "") ? actionData.result : undefined;
}

/**
 * The edit was made on an older version of the record (a colleague, another tab changed it since
 * it was opened): 409, nothing written, with who changed it, when and what it holds now. `kept`
 * carries what the person sent back to the form, so their text is not lost.
 */
export function staleRefused<Extra extends object = object>(
  intent: string,
  stale: { by: string | null; at: string | null },
  current: { text?: string | null; key?: string; changes?: StaleNotice["changes"] },
  extra?: Extra,
) {
  return data(
    {
      intent,
      result: undefined,
      ...extra,
      flash: {
        ok: false,
        message: "stale.refused",
        stale: {
          by: stale.by,
          at: stale.at,
          current: current.text,
          currentKey: current.key,
          ...(current.changes ? { changes: current.changes } : {}),
        },
      },
    },
    409,
  );
}

/**
 * A page whose forms may be refused as stale reloads its data after that refusal too (React
 * Router skips it after a 4xx): the page then shows the record as it is now, and its forms carry
 * the current version, so sending again is a deliberate choice (decision record 37). What was
 * typed stays: the forms keep it (`kept`, Conform's reply). `export const shouldRevalidate =
 * revalidateAfterStale` in the route module.
 */
export const revalidateAfterStale: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => {
  const flash = (actionResult as { flash?: Flash | null } | undefined)?.flash;
  return Boolean(flash?.stale) || defaultShouldRevalidate;
};
