import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { actionFailed, actionSucceeded, formInvalid } from "~/app/lib/action-result";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import { ConfirmCostSheetSchema } from "~/domain/fee-policy";
import { PayFormSchema } from "~/domain/payments";
import type { Viewer } from "~/server/auth/guards.server";
import { confirmCostSheet } from "~/server/fees/cost-sheet.server";
import {
  checkPayment,
  offeredPaymentMethods,
  payRegistrationFee,
} from "~/server/payments/payment-page.server";

// The payment page's intents (its action is runIntent in payment.tsx).

/** "confirm-sheet": the applicant confirms the cost sheet of their policy's current version. */
export async function confirmSheet({ viewer, formData }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: ConfirmCostSheetSchema });
  if (submission.status !== "success") return formInvalid("sheet", submission.reply());
  const confirmed = await confirmCostSheet({ actor: viewer, ...submission.value });
  if (confirmed.kind === "changed") {
    return actionFailed("sheet", "sheet.changed", 409, { result: submission.reply() });
  }
  throw redirect("/dashboard/payment");
}

/** "check": how a checkout or a phone prompt went, asked of its provider (and recorded). */
export async function checkReturn({ viewer, formData }: IntentArgs<Viewer>) {
  const reference = String(formData.get("reference") ?? "");
  const prompt = formData.get("prompt") === "1";
  const next = await checkPayment({ actor: viewer, reference, prompt });
  // A prompt still open: the page stays (its loader shows the wait), no new history entry.
  if (prompt && next.includes("?waiting=")) return actionSucceeded("check", null);
  throw redirect(next);
}

/** The ways to pay (no intent: each is its own form posting a method, and a phone for a wallet). */
export async function pay({ viewer, formData }: IntentArgs<Viewer>) {
  const offered = await offeredPaymentMethods(viewer);
  if (!offered) throw redirect("/dashboard/payment");
  // A form without a method (an older page) pays the way offered first.
  if (!formData.get("method") && offered[0]) formData.set("method", offered[0].method);
  const submission = parseWithZod(formData, { schema: PayFormSchema });
  if (submission.status !== "success") return formInvalid("pay", submission.reply());
  const chosen = offered.find((m) => m.method === submission.value.method);
  if (!chosen) {
    return actionFailed("pay", "errors.methodUnavailable", 400, { result: submission.reply() });
  }
  const started = await payRegistrationFee({
    viewer,
    chosen,
    phone: submission.value.phone ?? undefined,
  });
  if ("refused" in started) return actionFailed("pay", "errors.sheetUnconfirmed", 409);
  throw redirect(started.redirectTo);
}
