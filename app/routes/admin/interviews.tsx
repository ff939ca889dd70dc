import { applicantHref } from "~/app/components/admin/data-table";
import { CalendarClockIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { revalidateAfterStale } from "~/app/lib/action-result";
import { FormFields } from "~/app/components/admin/form-fields";
import {
  HiddenValues,
  IntentForm,
  IntentSubmit,
  useIntentForm,
} from "~/app/components/admin/intent-form";
import { LoadError } from "~/app/components/admin/load-error";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { guardedRequest } from "~/app/lib/guarded-request";
import { shellScreen } from "~/app/lib/shell-screen";
import { AGENCY_TIME_ZONE_LABEL, calendarDay, formatDate } from "~/domain/format";
import { agencyDateTimeInputValue } from "~/domain/interview";
import { PublishSlotSchema, readDay, SLOT_DURATIONS, SLOT_GAPS } from "~/domain/interview-slots";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { parseOfficeFilter } from "~/domain/offices";
import { OfficeFilter } from "~/app/components/admin/list-filters";
import {
  listAllInterviewsForStaffOnDay,
  listOpenSlotsForTargets,
  listSlotTargetsForStaff,
} from "~/server/interviews/slots.server";
import type { Route } from "./+types/interviews";
import { BookingControls } from "./interviews-booking";
import {
  changeBookingAsStaff,
  publishInterviewSlot,
  removeInterviewSlot,
} from "./interviews.server";
import { runIntent } from "~/app/lib/intent-action.server";

export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.adminInterviews");

/** After a change refused as stale, the schedule shows the day as it is now (record 37). */
export const shouldRevalidate = revalidateAfterStale;

function shiftDay(day: string, days: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url } = await guardedRequest(request, requireStaff);
  const today = agencyDateTimeInputValue(new Date()).slice(0, 10);
  const day = readDay(url.searchParams.get("day")) ?? today;
  // Who booked is shown only for the applicants of the viewer's offices, or of the one asked for.
  const scope = await officeScopeFor(viewer);
  const office = parseOfficeFilter(url.searchParams.get("office"), scope);
  const [schedule, targets] = await Promise.all([
    listAllInterviewsForStaffOnDay(day, scope, undefined, office),
    listSlotTargetsForStaff(),
  ]);
  // Where a booked interview that has not started may move: later times of its job or program.
  const now = new Date();
  const open = await listOpenSlotsForTargets(
    schedule.slots.filter((s) => s.bookings.length > 0 && s.startsAt > now),
    now,
  );
  return {
    day,
    today,
    schedule,
    targets,
    moves: Object.fromEntries(open),
    now,
    offices: { choices: scope.offices, all: scope.all, office },
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    {
      publish: publishInterviewSlot,
      delete: removeInterviewSlot,
      moveBooking: changeBookingAsStaff,
      cancelBooking: changeBookingAsStaff,
    },
    { unknown: "errors.unknownAction" },
  );

const DONE = {
  published: "interviews.done.published",
  publishedMany: "interviews.done.publishedMany",
  deleted: "interviews.done.deleted",
  moved: "interviews.done.moved",
  cancelled: "interviews.done.cancelled",
};

export default function AdminInterviews({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { day, schedule, targets, moves, now, offices } = loaderData;
  const officeQs = offices.office ? `&office=${encodeURIComponent(offices.office)}` : "";
  const { form, fields, busy } = useIntentForm({
    id: "publish-slot",
    intent: "publish",
    actionData,
    schema: PublishSlotSchema,
    defaultValue: {
      date: day,
      time: "09:00",
      durationMinutes: "30",
      capacity: "1",
      gapMinutes: "0",
    },
  });
  const p = (key: string) => t(`interviews.publish.${key}`);
  const time = (d: Date | string) => formatDate(d, lang, "time");
  const minutes = (count: number) => t("interviews.minutes", { count });
  const gaps = SLOT_GAPS.map((m) => (
    <option key={m} value={m}>
      {m === 0 ? p("noGap") : minutes(m)}
    </option>
  ));
  const durations = SLOT_DURATIONS.map((m) => (
    <option key={m} value={m}>
      {minutes(m)}
    </option>
  ));
  const empty = schedule.slots.length === 0 && schedule.direct.length === 0;

  return (
    <div className="grid gap-6">
      <DoneFlash messages={DONE} />
      {actionData && ["delete", "moveBooking", "cancelBooking"].includes(actionData.intent) ? (
        <Flash flash={actionData.flash} />
      ) : null}
      <p className="text-sm text-slate-700">{t("interviews.intro")}</p>

      <section aria-labelledby="schedule-title" className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <InputField
              id="interviews-day"
              label={t("interviews.day")}
              inputProps={{ type: "date", name: "day", defaultValue: day, required: true }}
            />
            <OfficeFilter id="interviews-office" offices={offices} />
            <Button type="submit" variant="outline">
              {t("interviews.show")}
            </Button>
          </Form>
          <div className="flex gap-2">
            <Link
              to={`?day=${shiftDay(day, -1)}${officeQs}`}
              className={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              <ChevronLeftIcon aria-hidden />
              {t("interviews.previous")}
            </Link>
            <Link
              to={`?day=${shiftDay(day, 1)}${officeQs}`}
              className={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              {t("interviews.next")}
              <ChevronRightIcon aria-hidden />
            </Link>
          </div>
        </div>
        <h2 id="schedule-title" className="text-lg font-semibold">
          {t("interviews.scheduleTitle", {
            day: formatDate(calendarDay(day), lang, {
              weekday: "long",
              day: "numeric",
              month: "long",
              year: "numeric",
            }),
          })}
        </h2>
        {empty ? (
          <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <CalendarClockIcon className="size-8 text-slate-500" aria-hidden />
            <p className="text-slate-700">{t("interviews.empty")}</p>
          </div>
        ) : null}
        {schedule.slots.length > 0 ? (
          <ul className="grid gap-3" data-testid="interview-slots">
            {schedule.slots.map((slot) => {
              const end = new Date(
                new Date(slot.startsAt).getTime() + slot.durationMinutes * 60_000,
              );
              const label = `${time(slot.startsAt)}–${time(end)}`;
              return (
                <li
                  key={slot.id}
                  className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
                  data-testid="interview-slot"
                  aria-labelledby={`slot-${slot.id}`}
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`slot-${slot.id}`} className="font-semibold text-slate-900">
                      {label} · {slot.title}
                    </h3>
                    <span className="text-sm text-slate-700">
                      {t("interviews.places", {
                        booked: slot.bookings.length,
                        capacity: slot.capacity,
                      })}
                    </span>
                  </div>
                  <p className="text-sm break-words text-slate-700">
                    {minutes(slot.durationMinutes)} · {slot.location}
                  </p>
                  <div className="text-sm">
                    <span className="font-medium text-slate-900">{t("interviews.cols.who")}: </span>
                    {slot.bookings.length === 0 ? (
                      <span className="text-slate-600">{t("interviews.nobody")}</span>
                    ) : (
                      <ul className="mt-1 grid gap-1">
                        {slot.bookings.map((b) => (
                          <li key={b.applicationId} className="grid gap-1">
                            <span data-testid="interview-booking">
                              <ApplicantLink applicantId={b.applicantId} name={b.applicantName} />
                            </span>
                            {new Date(slot.startsAt) > new Date(now) ? (
                              <BookingControls
                                applicationId={b.applicationId}
                                version={b.version}
                                name={b.applicantName}
                                slotId={slot.id}
                                open={
                                  moves[
                                    slot.jobId ? `job:${slot.jobId}` : `program:${slot.programId}`
                                  ] ?? []
                                }
                              />
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  {slot.bookings.length === 0 ? (
                    <Form method="post" preventScrollReset>
                      <HiddenValues values={{ intent: "delete", slotId: slot.id }} />
                      <Button
                        type="submit"
                        variant="ghostDanger"
                        size="sm"
                        aria-label={t("interviews.removeLabel", { time: label })}
                      >
                        {t("interviews.remove")}
                      </Button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {schedule.direct.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="font-semibold text-slate-900">{t("interviews.direct")}</h3>
            <p className="text-sm text-slate-700">{t("interviews.directHint")}</p>
            <ul className="grid gap-2" data-testid="interview-direct">
              {schedule.direct.map((d) => (
                <li
                  key={d.applicationId}
                  className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
                >
                  <span className="font-semibold text-slate-900">{time(d.startsAt)}</span> ·{" "}
                  {d.title} · <ApplicantLink applicantId={d.applicantId} name={d.applicantName} />
                  {d.location ? <span className="break-words"> · {d.location}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section
        aria-labelledby="publish-title"
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="publish-title" className="text-lg font-semibold">
          {t("interviews.publish.title")}
        </h2>
        {actionData?.intent === "publish" ? <Flash flash={actionData.flash} className="" /> : null}
        <IntentForm
          form={form}
          intent="publish"
          className="grid gap-4 sm:grid-cols-2"
          testId="publish-slot-form"
        >
          <FormFields
            fields={fields}
            ns="admin"
            labelOf={p}
            specs={[
              {
                select: "target",
                className: "sm:col-span-2",
                required: true,
                children: <PublishTargetOptions targets={targets} />,
              },
              { input: "date", type: "date", required: true },
              {
                input: "time",
                type: "time",
                hint: t("interviews.publish.timeHint", { zone: AGENCY_TIME_ZONE_LABEL }),
                required: true,
              },
              { select: "durationMinutes", label: p("duration"), children: durations },
              { input: "until", type: "time", hint: p("untilHint") },
              { select: "gapMinutes", label: p("gap"), children: gaps },
              {
                input: "capacity",
                type: "number",
                min: 1,
                max: 50,
                hint: p("capacityHint"),
                required: true,
              },
              {
                input: "location",
                hint: p("locationHint"),
                className: "sm:col-span-2",
                maxLength: 300,
                required: true,
              },
            ]}
          />
          <IntentSubmit className="sm:col-span-2" variant="accent" busy={busy}>
            {p("submit")}
          </IntentSubmit>
        </IntentForm>
      </section>
    </div>
  );
}

/** An applicant's name, opening their application's details on the applications screen. */
function ApplicantLink({ applicantId, name }: { applicantId: string; name: string }) {
  const { t } = useAdminT();
  return (
    <Link
      to={applicantHref(applicantId)}
      className="font-medium text-primary underline"
      aria-label={t("interviews.open", { name })}
    >
      {name}
    </Link>
  );
}

/** The target select's options: "choose", then the jobs and the programs in groups of their own. */
function PublishTargetOptions({
  targets,
}: {
  targets: { jobs: { id: string; title: string }[]; programs: { id: string; title: string }[] };
}) {
  const { t } = useAdminT();
  const kinds = [
    ["job", targets.jobs],
    ["program", targets.programs],
  ] as const;
  return (
    <>
      <option value="">{t("interviews.publish.choose")}</option>
      {kinds.map(([kind, items]) =>
        items.length ? (
          <optgroup key={kind} label={t(`interviews.publish.${kind}s`)}>
            {items.map((item) => (
              <option key={item.id} value={`${kind}:${item.id}`}>
                {item.title}
              </option>
            ))}
          </optgroup>
        ) : null,
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <LoadError what="interviews" />;
}
