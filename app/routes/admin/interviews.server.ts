import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { PublishSlotSchema } from "~/domain/interview-slots";
import {
  deleteSlot,
  publishSlot,
  SlotHasBookingsError,
  SlotInPastError,
  SlotNotFoundError,
  SlotTargetNotFoundError,
} from "~/server/interviews/slots.server";
import { logger } from "~/server/logger.server";
import type { StaffIntent } from "./staff-intent.server";

/** intent "publish": a new interview slot; back to the schedule of its day. */
export async function publishInterviewSlot({ request, viewer, formData, intent }: StaffIntent) {
  const submission = parseWithZod(formData, { schema: PublishSlotSchema });
  if (submission.status !== "success") return formInvalid(intent, submission.reply());
  try {
    const { startsAt, ids } = await publishSlot({ actor: viewer, input: submission.value });
    return redirectDone(request, ids.length > 1 ? "publishedMany" : "published", {
      set: { day: agencyDateTimeInputValue(startsAt).slice(0, 10) },
    });
  } catch (error) {
    if (error instanceof SlotInPastError) {
      return formInvalid(
        intent,
        submission.reply({ fieldErrors: { time: ["interviews.errors.inPast"] } }),
      );
    }
    if (error instanceof SlotTargetNotFoundError) {
      return actionFailed(intent, "interviews.errors.targetNotFound", 404);
    }
    logger().error({ err: error }, "publishing an interview slot failed");
    return actionFailed(intent, "interviews.errors.failed", 500);
  }
}

/** intent "delete": a slot nobody booked. */
export async function removeInterviewSlot({ request, viewer, formData, intent }: StaffIntent) {
  const slotId = String(formData.get("slotId") ?? "");
  if (!/^[0-9a-f-]{36}$/i.test(slotId))
    return actionFailed(intent, "interviews.errors.notFound", 404);
  try {
    await deleteSlot({ actor: viewer, slotId });
    return redirectDone(request, "deleted");
  } catch (error) {
    if (error instanceof SlotNotFoundError) {
      return actionFailed(intent, "interviews.errors.notFound", 404);
    }
    if (error instanceof SlotHasBookingsError) {
      return actionFailed(intent, "interviews.errors.hasBookings", 409);
    }
    logger().error({ err: error }, "removing an interview slot failed");
    return actionFailed(intent, "interviews.errors.failed", 500);
  }
}
