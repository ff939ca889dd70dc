import { Form, Link, useNavigation } from "react-router";
import { DirectApplicationWarning } from "~/app/components/admin/direct-application";
import { Flash } from "~/app/components/flash";
import { applicantHref } from "~/app/components/admin/data-table";
import { StatusSelectForm } from "~/app/components/admin/status-select-form";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { PaidBadge } from "~/app/components/admin/paid-badge";
import { StatusBadge } from "~/app/components/status-badge";
import { Button } from "~/app/components/ui/button";
import { TextareaField } from "~/app/components/ui/field";
import type { ActionResult } from "~/app/lib/action-result";
import { dateFormatter } from "~/domain/format";
import { DepartureForm } from "./applications-departure";
import { ApplicationChecklist } from "./applications-checklist";
import { StaffDocuments } from "./applications-documents";
import { NoteForm } from "./applications-notes";
import type { loadDetails } from "./applications.server";

/** What a refused save sends back to its form (decision record 37). */
export type Kept = { kept?: Record<string, string> };

export type ApplicationDetailsData = NonNullable<Awaited<ReturnType<typeof loadDetails>>>;

/** The ?view=<id> dialog's content: applicant, job, status and interview, notes, documents, history. */
export function ApplicationDetails({
  details,
  actionData,
}: {
  details: ApplicationDetailsData;
  actionData: ActionResult | undefined;
}) {
  const { t, tc, lang } = useAdminT();
  const { app, history, documents, checklist, notes, staff } = details;
  // One history, newest first: status changes and staff notes together.
  const timeline = [
    ...history.map((h) => ({ type: "status" as const, at: new Date(h.createdAt), h })),
    ...notes.map((n) => ({ type: "note" as const, at: new Date(n.createdAt), n })),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());
  const dateTime = dateFormatter(lang, "dateTime");
  /** Who wrote a timeline entry, and when. */
  const byline = (key: "changedBy" | "noteBy", name: string, at: Date) => (
    <p className="text-xs text-slate-600">
      {t(`applications.details.${key}`, { name, when: dateTime.format(at) })}
    </p>
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const keptComments =
    actionData?.intent === "comments" ? (actionData as Kept).kept?.adminComments : undefined;
  return (
    <div className="grid gap-5 text-sm" data-testid="application-details">
      {app.directApplication ? <DirectApplicationWarning /> : null}
      {/* A save refused as stale is told here, where it was made, not behind the dialog. */}
      {actionData?.flash?.stale ? <Flash flash={actionData.flash} className="" /> : null}
      <section className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t("applications.details.applicant")}</h3>
          <p>
            <Link to={applicantHref(app.userId)} className="underline" data-testid="applicant-link">
              {app.applicantName}
            </Link>
          </p>
          <p className="break-all text-slate-600">{app.applicantEmail}</p>
          <p className="text-slate-600">{app.applicantPhone ?? ""}</p>
          <p className="text-slate-600">{app.applicantCountry ?? tc("labels.notSet")}</p>
          <PaidBadge paid={app.paid} feeDue={app.feeDue}>
            {t("applications.details.fee", {
              state: app.paid ? t("applications.paid") : t("applications.pending"),
            })}
          </PaidBadge>
        </div>
        <div>
          <h3 className="font-semibold">{t("applications.details.job")}</h3>
          <p>{app.jobTitle}</p>
          {app.kind === "program" ? (
            <p className="text-slate-600">
              {tc("labels.applicationKind.program")} · {app.university} ·{" "}
              {app.jobCountry ?? tc("labels.notSet")}
              {app.intake ? ` · ${app.intake}` : ""}
            </p>
          ) : (
            <p className="text-slate-600">
              {tc(`labels.sector.${app.jobSector ?? "other"}`)} ·{" "}
              {tc(`labels.jobType.${app.jobType ?? "entry_level"}`)} ·{" "}
              {app.jobCountry ?? tc("labels.notSet")}
            </p>
          )}
        </div>
      </section>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t("applications.details.status")}</h3>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge kind="application" value={app.status} />
          <StatusSelectForm
            application={app}
            label={t("applications.details.changeStatus")}
            refused={details.refused}
          />
        </div>
        <p>
          <span className="font-medium">{t("applications.details.interview")}: </span>
          {app.interviewDate
            ? dateTime.format(new Date(app.interviewDate))
            : t("applications.details.noInterview")}
        </p>
        {app.interviewDate && app.interviewLocation ? (
          <p className="break-words">
            <span className="font-medium">{t("applications.details.interviewWhere")}: </span>
            {app.interviewLocation}
          </p>
        ) : null}
      </section>
      <section className="grid gap-2" aria-labelledby={`departure-title-${app.id}`}>
        <h3 id={`departure-title-${app.id}`} className="font-semibold">
          {t("applications.details.departure")}
        </h3>
        <DepartureForm
          key={`departure-${app.version}`}
          applicationId={app.id}
          version={app.version}
          departureDate={app.departureDate}
          departureDetails={app.departureDetails}
          actionData={actionData}
        />
      </section>
      <section className="grid gap-1">
        <h3 className="font-semibold">{t("applications.details.notes")}</h3>
        <p className="whitespace-pre-line text-slate-700">
          {app.notes || t("applications.details.noNotes")}
        </p>
      </section>
      <Form
        method="post"
        className="grid gap-2"
        preventScrollReset
        // A refused save keeps what was written (decision record 37); a newer version starts afresh.
        key={`comments-${app.version}`}
      >
        <input type="hidden" name="intent" value="comments" />
        <input type="hidden" name="applicationId" value={app.id} />
        <input type="hidden" name="version" value={app.version} />
        <TextareaField
          id="admin-comments"
          label={t("applications.details.adminComments")}
          hint={t("applications.details.adminCommentsHint")}
          textareaProps={{
            name: "adminComments",
            defaultValue: keptComments ?? app.adminComments ?? "",
            rows: 3,
          }}
        />
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            {t("applications.details.saveComments")}
          </Button>
        </div>
      </Form>
      <ApplicationChecklist lines={checklist} overrides={details.overrides} app={app} />
      <StaffDocuments documents={documents} actionData={actionData} />
      <section className="grid gap-2" aria-labelledby="application-history">
        <h3 id="application-history" className="font-semibold">
          {t("applications.details.history")}
        </h3>
        {/* Keyed by the notes' count: once a note is added the form starts empty again. */}
        <NoteForm
          key={`${app.id}-${notes.length}`}
          applicationId={app.id}
          staff={staff}
          actionData={actionData}
        />
        {timeline.length === 0 ? (
          <p className="text-slate-600">{t("applications.details.noHistory")}</p>
        ) : (
          <ol className="grid gap-2" data-testid="status-history">
            {timeline.map((entry) =>
              entry.type === "status" ? (
                <li key={entry.h.id} className="rounded-md bg-slate-50 p-2">
                  <p>
                    {entry.h.fromStatus
                      ? tc(`labels.applicationStatus.${entry.h.fromStatus}.label`)
                      : t("applications.details.new")}{" "}
                    →{" "}
                    <span className="font-medium">
                      {tc(`labels.applicationStatus.${entry.h.toStatus}.label`)}
                    </span>
                  </p>
                  {entry.h.note ? <p className="whitespace-pre-line">{entry.h.note}</p> : null}
                  {byline(
                    "changedBy",
                    entry.h.changedByName ?? t("applications.details.system"),
                    entry.at,
                  )}
                </li>
              ) : (
                <li
                  key={entry.n.id}
                  className="rounded-md border border-amber-200 bg-amber-50 p-2"
                  data-testid="staff-note"
                >
                  <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
                    {t("applications.details.staffNote")}
                  </p>
                  <p className="break-words whitespace-pre-line">{entry.n.body}</p>
                  {entry.n.mentions.length > 0 ? (
                    <p className="text-xs text-slate-700">
                      {t("applications.details.mentioned", {
                        names: entry.n.mentions.join(", "),
                      })}
                    </p>
                  ) : null}
                  {byline(
                    "noteBy",
                    entry.n.authorName ?? t("applications.details.formerStaff"),
                    entry.at,
                  )}
                </li>
              ),
            )}
          </ol>
        )}
      </section>
    </div>
  );
}
