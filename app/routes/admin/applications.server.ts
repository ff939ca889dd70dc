import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requestLanguage } from "~/app/i18n/i18n.server";
import type { ChecklistGap } from "~/domain/checklists";
import { documentTypeNamesIn } from "~/server/documents/document-types.server";
import { serverT } from "~/server/i18n/translate.server";
import { actionFailed, formInvalid, staleRefused } from "~/app/lib/action-result";
import { StaleEditError } from "~/domain/versions";
import {
  AdminCommentsSchema,
  DepartureSchema,
  ApplicationStatusChangeSchema,
  DocumentReviewSchema,
} from "~/domain/admin";
import {
  agencyDateTimeInputValue,
  parseAgencyDateTime,
  ScheduleInterviewSchema,
} from "~/domain/interview";
import { redirectDone } from "~/app/lib/redirect-done";
import { isUuid } from "~/domain/ids";
import {
  ApplicationNotFoundError,
  changeApplicationStatus,
  getApplicationDetailsForStaff,
  InterviewDateRequiredError,
  StatusNotForKindError,
  scheduleInterview,
  setDeparture,
  updateAdminComments,
} from "~/server/applications/staff.server";
import {
  refusedStatusesForStaff,
  StatusFactFalseError,
} from "~/server/applications/application-facts.server";
import type { Viewer } from "~/server/auth/guards.server";
import { listGateOverridesForStaff, readChecklists } from "~/server/documents/checklists.server";
import { listDocumentsForApplicantAsStaff } from "~/server/documents/documents.server";
import { DocumentReviewError, reviewDocument } from "~/server/documents/review.server";
import { logger } from "~/server/logger.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { recordProfileViewed } from "~/server/privacy/staff-views.server";
import { ApplicationNoteSchema } from "~/domain/application-notes";
import {
  addApplicationNote,
  listApplicationNotesForStaff,
  listMentionableStaff,
  MentionError,
  NoteNotAllowedError,
} from "~/server/applications/notes.server";
import type { OfficeScope } from "~/domain/offices";

// The staff actions on applications, one handler per intent, shared by the applications list and
// the pipeline board (each route's action hands its form to runApplicationIntent).

type Handler = (
  request: Request,
  viewer: Viewer,
  formData: FormData,
) => Promise<Response | ReturnType<typeof actionFailed> | ReturnType<typeof formInvalid>>;

/** A dialog's ?param=<application id>, or null when absent or not an id. */
function dialogId(url: URL, param: string) {
  const id = url.searchParams.get(param);
  return isUuid(id) ? id : null;
}

/** The same page with the schedule dialog open for that application. */
function redirectToSchedule(request: Request, applicationId: string) {
  const url = new URL(request.url);
  for (const p of ["view", "done", "schedule"]) url.searchParams.delete(p);
  url.searchParams.set("schedule", applicationId);
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

const changeStatus: Handler = async (request, viewer, formData) => {
  const submission = parseWithZod(formData, { schema: ApplicationStatusChangeSchema });
  if (submission.status !== "success") return actionFailed("status", "errors.statusInvalid", 400);
  // Interview Scheduled needs its date and place, so choosing it (from the status list, with or
  // without JavaScript) opens the schedule dialog instead of setting a bare status.
  if (submission.value.status === "interview_scheduled") {
    return redirectToSchedule(request, submission.value.applicationId);
  }
  const { applicationId, status, note, version, overrideReason } = submission.value;
  await changeApplicationStatus({
    actor: viewer,
    applicationId,
    status,
    note,
    expectedVersion: version,
    gateOverride: overrideReason ? { reason: overrideReason } : null,
  });
  return redirectDone(request, "statusUpdated");
};

const schedule: Handler = async (request, viewer, formData) => {
  const submission = parseWithZod(formData, { schema: ScheduleInterviewSchema });
  if (submission.status !== "success") return formInvalid("schedule", submission.reply());
  const when = parseAgencyDateTime(submission.value.interviewAt);
  const refuse = (message: string) =>
    formInvalid("schedule", submission.reply({ fieldErrors: { interviewAt: [message] } }));
  if (!when) return refuse("errors.interviewInvalid");
  if (when.getTime() <= Date.now()) return refuse("errors.interviewPast");
  const { applicationId, interviewLocation } = submission.value;
  await scheduleInterview({ actor: viewer, applicationId, interviewDate: when, interviewLocation });
  return redirectDone(request, "interviewScheduled");
};

const saveComments: Handler = async (request, viewer, formData) => {
  const submission = parseWithZod(formData, { schema: AdminCommentsSchema });
  if (submission.status !== "success") return actionFailed("comments", "errors.tooLong", 400);
  await updateAdminComments({
    actor: viewer,
    applicationId: submission.value.applicationId,
    adminComments: submission.value.adminComments,
    expectedVersion: submission.value.version,
  });
  return redirectDone(request, "commentsSaved");
};

const departure: Handler = async (request, viewer, formData) => {
  const submission = parseWithZod(formData, { schema: DepartureSchema });
  if (submission.status !== "success") return formInvalid("departure", submission.reply());
  const { applicationId, departureDate, departureDetails } = submission.value;
  // A new day is never in the past (the agency's calendar); an old one may stay as it was.
  if (departureDate && departureDate < agencyToday()) {
    return formInvalid(
      "departure",
      submission.reply({ fieldErrors: { departureDate: ["errors.departurePast"] } }),
    );
  }
  await setDeparture({
    actor: viewer,
    applicationId,
    departureDate,
    details: departureDetails,
    expectedVersion: submission.value.version,
  });
  return redirectDone(request, departureDate ? "departureSaved" : "departureCleared", {
    set: { view: applicationId },
  });
};

const review: Handler = async (request, viewer, formData) => {
  const submission = parseWithZod(formData, { schema: DocumentReviewSchema });
  if (submission.status !== "success") {
    const dates = submission.error?.issuedOn || submission.error?.expiresOn;
    const message = dates ? "errors.documentDates" : "errors.reasonRequired";
    return actionFailed("review", message, 400, { result: submission.reply() });
  }
  await reviewDocument({ actor: viewer, ...submission.value });
  return redirectDone(
    request,
    submission.value.decision === "verify" ? "documentVerified" : "documentRejected",
  );
};

/** A mention the server could not settle, as the note field's errors (key|value). */
function mentionErrors(error: MentionError) {
  const clean = (s: string) => s.replaceAll("|", "/");
  return [
    ...error.unknown.map((text) => `errors.mentionUnknown|${clean(text)}`),
    ...error.ambiguous.map(
      (a) =>
        `errors.mentionAmbiguous|${clean(
          `${a.text}: ${a.candidates.map((c) => `${c.name} (${c.email})`).join(", ")}`,
        )}`,
    ),
    ...error.outOfOffice.map(
      (p) => `errors.mentionOutOfOffice|${clean(p.name ? `${p.name} (${p.email})` : p.email)}`,
    ),
  ];
}

const addNote: Handler = async (request, viewer, formData) => {
  const submission = parseWithZod(formData, { schema: ApplicationNoteSchema });
  if (submission.status !== "success") return formInvalid("note", submission.reply());
  try {
    await addApplicationNote({ actor: viewer, ...submission.value });
  } catch (error) {
    if (!(error instanceof MentionError)) throw error;
    return formInvalid("note", submission.reply({ fieldErrors: { body: mentionErrors(error) } }));
  }
  // Back to the same application, whose history now shows the note.
  return redirectDone(request, "noteAdded", { set: { view: submission.value.applicationId } });
};

const HANDLERS: Record<string, Handler> = {
  status: changeStatus,
  schedule,
  comments: saveComments,
  departure,
  note: addNote,
  review,
};

const FAILED: Record<string, string> = {
  schedule: "errors.scheduleFailed",
  review: "errors.reviewFailed",
};

/**
 * An edit made on an older version of the application: who changed it, when, what it holds now,
 * and (for the text forms) what the person wrote, kept in their form.
 */
function staleAnswer(intent: string, error: StaleEditError, formData: FormData) {
  const now = error.stale.current;
  const kept = (name: string) => String(formData.get(name) ?? "");
  switch (intent) {
    case "status":
      return staleRefused(intent, error.stale, {
        key: `common:labels.applicationStatus.${String(now.status)}.label`,
      });
    case "comments":
      return staleRefused(
        intent,
        error.stale,
        { text: (now.adminComments as string | null) ?? null },
        { kept: { adminComments: kept("adminComments") } },
      );
    case "departure":
      return staleRefused(
        intent,
        error.stale,
        {
          text: [now.departureDate, now.departureDetails].filter(Boolean).join(" · ") || null,
        },
        {
          kept: {
            departureDate: kept("departureDate"),
            departureDetails: kept("departureDetails"),
          },
        },
      );
    default:
      return staleRefused(intent, error.stale, {});
  }
}

/** "Police Clearance (expired), Medical Report (needed)" in the staff member's language. */
async function gapsInWords(request: Request, gaps: readonly ChecklistGap[]) {
  const lng = await requestLanguage(request);
  const [names, t] = [await documentTypeNamesIn(lng), serverT(lng, "admin")];
  return gaps
    .map((g) => {
      const state = t(`applications.details.checklistState.${g.state}`);
      return `${names[g.documentType] ?? g.documentType} (${state.toLowerCase()})`;
    })
    .join(", ");
}

/** Runs the form's intent, turning the services' refusals into messages for the page. */
export async function runApplicationIntent(request: Request, viewer: Viewer, formData: FormData) {
  const intent = String(formData.get("intent") ?? "");
  const handler = HANDLERS[intent];
  if (!handler) return actionFailed(intent, "errors.unknownAction", 400);
  try {
    return await handler(request, viewer, formData);
  } catch (error) {
    if (error instanceof ApplicationNotFoundError) {
      return actionFailed(intent, "errors.notFound", 404);
    }
    if (error instanceof InterviewDateRequiredError) {
      return actionFailed(intent, "errors.interviewRequired", 400);
    }
    if (error instanceof StatusNotForKindError) {
      return actionFailed(intent, "errors.statusInvalid", 400);
    }
    if (error instanceof StatusFactFalseError) {
      if (error.gaps.length === 0) return actionFailed(intent, `errors.fact.${error.reason}`, 409);
      // A gated stage names what it waits for, in the reader's language.
      const value = await gapsInWords(request, error.gaps);
      const flash = { ok: false, message: `errors.fact.${error.reason}`, value };
      return data({ intent, result: undefined, flash }, 409);
    }
    if (error instanceof StaleEditError) return staleAnswer(intent, error, formData);
    if (error instanceof NoteNotAllowedError) {
      return actionFailed(intent, "errors.forbidden", 403);
    }
    if (error instanceof DocumentReviewError) {
      const status = error.code === "notFound" ? 404 : 400;
      return actionFailed(intent, `errors.review.${error.code}`, status);
    }
    logger().error({ err: error, intent }, "admin application action failed");
    return actionFailed(intent, FAILED[intent] ?? "errors.statusFailed", 500);
  }
}

/**
 * The application named by ?schedule=<id>, for the schedule dialog: who and what, the interview
 * already set (to reschedule), and the earliest time the picker offers (now, in the agency's zone).
 */
export async function loadScheduling(url: URL, scope: OfficeScope) {
  const id = dialogId(url, "schedule");
  if (!id) return null;
  const found = await getApplicationDetailsForStaff(id, scope);
  if (!found) return null;
  const { app } = found;
  return {
    id: app.id,
    applicantName: app.applicantName,
    jobTitle: app.jobTitle,
    interviewAt: app.interviewDate ? agencyDateTimeInputValue(app.interviewDate) : "",
    interviewLocation: app.interviewLocation ?? "",
    min: agencyDateTimeInputValue(new Date()),
  };
}
export type Scheduling = NonNullable<Awaited<ReturnType<typeof loadScheduling>>>;

/**
 * The application named by ?view=<id>, with its history and current documents. Showing it to a
 * staff member is written to the audit trail (the applicant sees that their profile was opened).
 */
export async function loadDetails(url: URL, viewer: Viewer, scope: OfficeScope) {
  const id = dialogId(url, "view");
  if (!id) return null;
  // Outside the viewer's offices the application is not found (and nothing is shown or audited).
  const found = await getApplicationDetailsForStaff(id, scope);
  if (!found) return null;
  const [documents, , notes, staff, refused, checklists, overrides] = await Promise.all([
    listDocumentsForApplicantAsStaff({ viewer, userId: found.app.userId }),
    recordProfileViewed({ staff: viewer, ownerId: found.app.userId, applicationId: found.app.id }),
    listApplicationNotesForStaff(found.app.id),
    listMentionableStaff(),
    refusedStatusesForStaff([found.app]),
    readChecklists({ userId: found.app.userId, applicationIds: [found.app.id] }),
    listGateOverridesForStaff(found.app.id),
  ]);
  return {
    ...found,
    // The statuses whose fact is false for it (decision record 32), offered disabled.
    refused: refused.get(found.app.id) ?? {},
    documents: documents.filter((d) => d.status !== "replaced"),
    // What its destination and path ask for, and where each item stands (as its applicant sees).
    checklist: checklists[0]?.lines ?? [],
    // Gated stages an admin let it reach with items missing, and why.
    overrides,
    // Staff-only notes, and the colleagues the note form can mention.
    notes,
    staff,
  };
}
