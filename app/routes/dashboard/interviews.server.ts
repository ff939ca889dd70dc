import { actionFailed } from "~/app/lib/action-result";
import { redirectDone } from "~/app/lib/redirect-done";
import { BookingActionSchema } from "~/domain/interview-slots";
import {
  BookingNotAllowedError,
  bookInterviewSlot,
  cancelInterviewBooking,
  SlotFullError,
  SlotUnavailableError,
  TooLateToChangeError,
} from "~/server/interviews/booking.server";
import { logger } from "~/server/logger.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// My Interviews' intents (its action is runIntent in interviews.tsx): book (or move to) a
// published time, or cancel the booking, until the cut-off.

/** The fields of one intent, parsed by the schema of both (its messages are translation keys). */
function fieldsOf(formData: FormData) {
  const parsed = BookingActionSchema.safeParse(Object.fromEntries(formData));
  if (parsed.success) return { input: parsed.data };
  const message = parsed.error.issues[0]?.message ?? "interviews.errors.notFound";
  return { refused: actionFailed("interview", message, 400) };
}

export async function bookSlot({ request, viewer, formData }: IntentArgs<Viewer>) {
  const { input, refused } = fieldsOf(formData);
  if (!input || input.intent !== "book") return refused ?? notFound();
  try {
    const { rescheduled } = await bookInterviewSlot({
      viewer,
      applicationId: input.applicationId,
      slotId: input.slotId,
    });
    return redirectDone(request, rescheduled ? "moved" : "booked");
  } catch (error) {
    return bookingRefused(error);
  }
}

export async function cancelBooking({ request, viewer, formData }: IntentArgs<Viewer>) {
  const { input, refused } = fieldsOf(formData);
  if (!input || input.intent !== "cancel") return refused ?? notFound();
  try {
    await cancelInterviewBooking({ viewer, applicationId: input.applicationId });
    return redirectDone(request, "cancelled");
  } catch (error) {
    return bookingRefused(error);
  }
}

function notFound() {
  return actionFailed("interview", "interviews.errors.notFound", 400);
}

function bookingRefused(error: unknown) {
  if (error instanceof SlotFullError)
    return actionFailed("interview", "interviews.errors.full", 409);
  if (error instanceof SlotUnavailableError) {
    return actionFailed("interview", "interviews.errors.unavailable", 409);
  }
  if (error instanceof TooLateToChangeError) {
    return actionFailed("interview", "interviews.errors.tooLate", 409);
  }
  if (error instanceof BookingNotAllowedError) {
    return actionFailed("interview", "interviews.errors.notAllowed", 404);
  }
  logger().error({ err: error }, "interview booking failed");
  return actionFailed("interview", "interviews.errors.failed", 500);
}
