import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  AdminCommentsSchema,
  ApplicationStatusChangeSchema,
  DocumentReviewSchema,
  parseLocalDateTime,
  ScheduleInterviewSchema,
} from "~/domain/admin";
import { redirectDone } from "~/server/admin/flash.server";
import {
  ApplicationNotFoundError,
  changeApplicationStatus,
  scheduleInterview,
  updateAdminComments,
} from "~/server/applications/staff.server";
import type { Viewer } from "~/server/auth/guards.server";
import { DocumentReviewError, reviewDocument } from "~/server/documents/review.server";
import { logger } from "~/server/logger.server";

type Flash = { ok: boolean; message: string };

function failure(intent: string, message: string, status: number, result?: unknown) {
  return data({ intent, flash: { ok: false, message } as Flash, result }, status);
}

/** The staff actions on applications, shared by the applications list and the pipeline board. */
export async function handleApplicationAction(
  request: Request,
  viewer: Viewer,
  formData: FormData,
) {
  const intent = String(formData.get("intent") ?? "");
  try {
    if (intent === "status") {
      const submission = parseWithZod(formData, { schema: ApplicationStatusChangeSchema });
      if (submission.status !== "success") return failure(intent, "errors.statusInvalid", 400);
      await changeApplicationStatus({
        actor: viewer,
        applicationId: submission.value.applicationId,
        status: submission.value.status,
        note: submission.value.note,
      });
      return redirectDone(request, "statusUpdated");
    }
    if (intent === "schedule") {
      const submission = parseWithZod(formData, { schema: ScheduleInterviewSchema });
      if (submission.status !== "success") {
        return failure(intent, "errors.interviewInvalid", 400, submission.reply());
      }
      const when = parseLocalDateTime(submission.value.interviewAt, submission.value.tzOffset);
      if (!when) {
        return failure(
          intent,
          "errors.interviewInvalid",
          400,
          submission.reply({ fieldErrors: { interviewAt: ["errors.interviewInvalid"] } }),
        );
      }
      if (when.getTime() <= Date.now()) {
        return failure(
          intent,
          "errors.interviewPast",
          400,
          submission.reply({ fieldErrors: { interviewAt: ["errors.interviewPast"] } }),
        );
      }
      await scheduleInterview({
        actor: viewer,
        applicationId: submission.value.applicationId,
        interviewDate: when,
      });
      return redirectDone(request, "interviewScheduled");
    }
    if (intent === "comments") {
      const submission = parseWithZod(formData, { schema: AdminCommentsSchema });
      if (submission.status !== "success") return failure(intent, "errors.tooLong", 400);
      await updateAdminComments({
        actor: viewer,
        applicationId: submission.value.applicationId,
        adminComments: submission.value.adminComments,
      });
      return redirectDone(request, "commentsSaved");
    }
    if (intent === "review") {
      const submission = parseWithZod(formData, { schema: DocumentReviewSchema });
      if (submission.status !== "success") {
        return failure(intent, "errors.reasonRequired", 400, submission.reply());
      }
      await reviewDocument({ actor: viewer, ...submission.value });
      return redirectDone(
        request,
        submission.value.decision === "verify" ? "documentVerified" : "documentRejected",
      );
    }
  } catch (error) {
    if (error instanceof ApplicationNotFoundError) return failure(intent, "errors.notFound", 404);
    if (error instanceof DocumentReviewError) {
      return failure(intent, `errors.review.${error.code}`, error.code === "notFound" ? 404 : 400);
    }
    logger().error({ err: error, intent }, "admin application action failed");
    const message =
      intent === "schedule"
        ? "errors.scheduleFailed"
        : intent === "review"
          ? "errors.reviewFailed"
          : "errors.statusFailed";
    return failure(intent, message, 500);
  }
  return failure(intent, "errors.unknownAction", 400);
}
