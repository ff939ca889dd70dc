import { data } from "react-router";
import { LoadError } from "~/app/components/admin/load-error";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { PageFlash } from "~/app/components/flash";
import { i18nHandle } from "~/app/i18n/namespaces";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { getApplicantRecordForStaff } from "~/server/applicants/applicant-record.server";
import { requireStaff, type Viewer } from "~/server/auth/guards.server";
import { type IntentArgs, runIntent } from "~/app/lib/intent-action.server";
import { listGateOverridesForStaff, readChecklists } from "~/server/documents/checklists.server";
import { activeDocumentTypes } from "~/server/documents/document-types.server";
import { agencyToday } from "~/server/jobs/saved-jobs.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { listAgentOwners, listStaffOwners } from "~/server/owners/owners.server";
import type { Route } from "./+types/applicant";
import { ApplicantApplications } from "./applicant-applications";
import { ApplicantMessages, ApplicantPhoneNotices } from "./applicant-messages";
import { ApplicantNotes, ApplicantPayments, ApplicantProfile } from "./applicant-sections";
import {
  ownerIntent,
  replyIntent,
  resendInvitationIntent,
  taskCancelIntent,
  taskCreateIntent,
} from "./applicant.server";
import { ApplicantTasks } from "./applicant-tasks";
import { ApplicantTimeline } from "./applicant-timeline";
import { StaffDocuments } from "./applications-documents";
import { ScheduleInterviewDialog } from "./applications-schedule";
import { loadScheduling, runApplicationIntent } from "./applications.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.adminApplicant");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { viewer, url } = await guardedRequest(request, requireStaff);
  const scope = await officeScopeFor(viewer);
  // Another office's applicant, a staff member or no one: not found, however it is asked.
  const record = await getApplicantRecordForStaff({ viewer, scope, applicantId: params.id });
  if (!record) throw data("Not found", { status: 404 });
  const scheduling = await loadScheduling(url, scope);
  // The schedule dialog opens only for one of this applicant's applications.
  const own = scheduling && record.applications.some((a) => a.id === scheduling.id);
  // The types an upload task may ask for (active ones only).
  const taskTypes = (await activeDocumentTypes()).map((t) => t.key);
  // Who may own them: staff, or an agent of their own office.
  const [staffOwners, agentOwners, checklists, overrides] = await Promise.all([
    listStaffOwners(),
    listAgentOwners(record.profile.office),
    // What each application's destination and path ask for, and where each item stands.
    readChecklists({ userId: record.profile.id }),
    Promise.all(record.applications.map((a) => listGateOverridesForStaff(a.id))),
  ]);
  return {
    record,
    checklists: record.applications.map((a, i) => ({
      applicationId: a.id,
      lines: checklists.find((c) => c.applicationId === a.id)?.lines ?? [],
      overrides: overrides[i] ?? [],
    })),
    scheduling: own ? scheduling : null,
    today: agencyToday(),
    taskTypes,
    owners: { staff: staffOwners, agents: agentOwners },
  };
}

// The applications list's handlers, shared: each checks the record against the viewer's offices
// itself (the services do).
const applicationIntent = ({ request, viewer, formData }: IntentArgs<Viewer>) =>
  runApplicationIntent(request, viewer, formData);

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(request, requireStaff, {
    status: applicationIntent,
    schedule: applicationIntent,
    review: applicationIntent,
    reply: replyIntent,
    taskCreate: taskCreateIntent,
    taskCancel: taskCancelIntent,
    owner: ownerIntent,
    resendInvitation: resendInvitationIntent,
  });

export default function AdminApplicant({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { record, scheduling, today, taskTypes, owners } = loaderData;
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="grid gap-6" data-testid="applicant-page">
      <PageFlash flash={answer?.intent === "review" ? null : answer?.flash} />
      <ApplicantProfile profile={record.profile} owners={owners} />
      {scheduling ? <ScheduleInterviewDialog scheduling={scheduling} actionData={answer} /> : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <ApplicantApplications
            applications={record.applications}
            checklists={loaderData.checklists}
          />
          <ApplicantTasks
            // A new task starts the form afresh.
            key={`tasks-${record.tasks.length}`}
            applicantId={record.profile.id}
            tasks={record.tasks}
            today={today}
            documentTypes={taskTypes}
            canGive={!record.profile.erasedAt}
            actionData={answer}
          />
          <section
            className="rounded-xl border border-slate-200 bg-white p-4"
            aria-label={t("applicant.documents")}
          >
            <StaffDocuments
              documents={record.documents.filter((d) => d.status !== "replaced")}
              actionData={answer}
            />
          </section>
          <ApplicantPayments payments={record.payments} />
          <ApplicantMessages
            // A new message in the conversation starts the answer form afresh.
            key={record.messages.length}
            applicantId={record.profile.id}
            messages={record.messages}
            canAnswer={!record.profile.erasedAt}
            actionData={answer}
          />
          <ApplicantPhoneNotices notices={record.phoneNotices} />
          <ApplicantNotes notes={record.notes} applications={record.applications} />
        </div>
        <ApplicantTimeline entries={record.timeline} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError what="applicant" />;
}
