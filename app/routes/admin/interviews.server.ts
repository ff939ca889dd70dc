import { parseWithZod } from "@conform-to/zod/v4";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { actionFailed, formInvalid, staleRefused } from "~/app/lib/action-result";
import { formatDate } from "~/domain/format";
import { StaleEditError } from "~/domain/versions";
import { redirectDone } from "~/app/lib/redirect-done";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { PublishSlotSchema, StaffBookingSchema } from "~/domain/interview-slots";
import {
  BookingNotAllowedError,
  bookInterviewSlot,
  cancelInterviewBooking,
  SlotFullError,
  SlotUnavailableError,
  TooLateToChangeError,
} from "~/server/interviews/booking.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import {
  deleteSlot,
  publishSlot,
  SlotHasBookingsError,
  SlotInPastError,
  SlotNotFoundError,
  SlotTargetNotFoundError,
} from "~/server/interviews/slots.server";
import { logger } from "~/server/logger.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

/** intent "publish": a new interview slot; back to the schedule of its day. */
export async function publishInterviewSlot({
  request,
  viewer,
  formData,
  intent,
}: IntentArgs<Viewer>) {
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
export async function removeInterviewSlot({
  request,
  viewer,
  formData,
  intent,
}: IntentArgs<Viewer>) {
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

/**
 * intents "moveBooking" and "cancelBooking": staff move an applicant's booked interview to another
 * time of the same job or program, or cancel it, until it starts; the applicant is told and their
 * calendar invite is updated or cancelled, as when they do it themselves.
 */
export async function changeBookingAsStaff({
  request,
  viewer,
  formData,
  intent,
}: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: StaffBookingSchema });
  if (submission.status !== "success") return formInvalid(intent, submission.reply());
  const change = {
    viewer,
    applicationId: submission.value.applicationId,
    staff: { scope: await officeScopeFor(viewer) },
    version: submission.value.version,
  };
  try {
    if (submission.value.intent === "moveBooking") {
      await bookInterviewSlot({ ...change, slotId: submission.value.slotId });
      return redirectDone(request, "moved");
    }
    await cancelInterviewBooking(change);
    return redirectDone(request, "cancelled");
  } catch (error) {
    if (error instanceof StaleEditError) {
      // Moved, cancelled or booked anew since the schedule was shown (by the applicant or a
      // colleague): nothing changed or sent; when the interview is now, or the stage it is at.
      const { interviewDate, interviewLocation, status } = error.stale.current;
      if (typeof interviewDate !== "string") {
        return staleRefused(intent, error.stale, {
          key: `common:labels.applicationStatus.${String(status)}.label`,
        });
      }
      const when = formatDate(interviewDate, await requestLanguage(request), "dateTime");
      return staleRefused(intent, error.stale, {
        text: [when, interviewLocation].filter(Boolean).join(" · "),
      });
    }
    if (error instanceof BookingNotAllowedError) {
      return actionFailed(intent, "interviews.errors.bookingNotFound", 404);
    }
    if (error instanceof TooLateToChangeError) {
      return actionFailed(intent, "interviews.errors.started", 409);
    }
    if (error instanceof SlotFullError || error instanceof SlotUnavailableError) {
      return actionFailed(intent, "interviews.errors.slotTaken", 409);
    }
    logger().error({ err: error }, "changing a booked interview failed");
    return actionFailed(intent, "interviews.errors.failed", 500);
  }
}
