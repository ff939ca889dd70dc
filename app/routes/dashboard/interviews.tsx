import { CalendarClockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { EmptyState } from "~/app/components/empty-state";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { formatDate } from "~/domain/format";
import { requireApplicant } from "~/server/auth/guards.server";
import { listInterviewChoicesForApplicant } from "~/server/interviews/booking.server";
import { ListIntro } from "./list-intro";
import type { Route } from "./+types/interviews";
import { runIntent } from "~/app/lib/intent-action.server";
import { bookSlot, cancelBooking } from "./interviews.server";

export const { handle, meta } = shellScreen(i18nHandle("dashboard"), "titles.interviews");

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApplicant(request);
  return listInterviewChoicesForApplicant({ viewer });
}

/** The applicant books a slot, moves to another, or cancels (until 24 hours before). */
export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireApplicant,
    { book: bookSlot, cancel: cancelBooking },
    { unknown: "interviews.errors.notFound" },
  );

const DONE = {
  booked: "interviews.done.booked",
  moved: "interviews.done.moved",
  cancelled: "interviews.done.cancelled",
};

export default function InterviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("dashboard");
  const { items: interviews, cutoffHours } = loaderData;
  const hours = t("interviews.hours", { count: cutoffHours });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const when = (d: Date | string) => formatDate(d, i18n.language, "appointment");
  return (
    <div className="grid gap-4">
      <ListIntro
        text={t("interviews.intro", { hours })}
        actionData={actionData}
        ns="dashboard"
        done={DONE}
      />
      {interviews.length === 0 ? (
        <EmptyState
          icon={CalendarClockIcon}
          title={t("interviews.empty")}
          titleClassName="text-slate-800"
          to="/dashboard/applications"
          cta={t("interviews.emptyCta")}
          ctaVariant="outline"
        />
      ) : (
        <ul className="grid gap-4" data-testid="interviews">
          {interviews.map((item) => {
            const id = (name: string) => `interview-${item.applicationId}-${name}`;
            const booking = item.booking;
            return (
              <li
                key={item.applicationId}
                className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
                aria-labelledby={id("title")}
                data-testid="interview-item"
              >
                <div>
                  <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
                    {t(`interviews.${item.kind}`)}
                  </p>
                  <h2 id={id("title")} className="font-semibold text-slate-900">
                    {item.title}
                  </h2>
                </div>
                {booking ? (
                  <div
                    className="grid gap-2 rounded-lg bg-emerald-50 p-3"
                    data-testid="interview-booked"
                  >
                    <h3 className="text-sm font-semibold text-emerald-900">
                      {t("interviews.booked")}
                    </h3>
                    <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                      <dt className="font-medium text-slate-700">{t("interviews.when")}</dt>
                      <dd className="text-slate-900">{when(booking.startsAt)}</dd>
                      <dt className="font-medium text-slate-700">{t("interviews.length")}</dt>
                      <dd className="text-slate-900">
                        {t("interviews.minutes", { count: booking.durationMinutes })}
                      </dd>
                      {booking.location ? (
                        <>
                          <dt className="font-medium text-slate-700">{t("interviews.where")}</dt>
                          <dd className="break-words text-slate-900">{booking.location}</dd>
                        </>
                      ) : null}
                    </dl>
                    <p className="text-sm text-slate-700">
                      {booking.canChange
                        ? t(
                            booking.setByStaff ? "interviews.setByStaff" : "interviews.changeUntil",
                            {
                              until: when(booking.changeUntil),
                            },
                          )
                        : t("interviews.tooLate", { hours })}
                    </p>
                    {booking.canChange ? (
                      <Form method="post" className="flex flex-wrap gap-2">
                        {booking.setByStaff ? (
                          <Link
                            to="/contact"
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                          >
                            {t("interviews.askToMove")}
                            <span className="sr-only">: {item.title}</span>
                          </Link>
                        ) : null}
                        <input type="hidden" name="applicationId" value={item.applicationId} />
                        <Button
                          type="submit"
                          name="intent"
                          value="cancel"
                          variant="ghostDanger"
                          size="sm"
                          disabled={busy}
                        >
                          {t("interviews.cancel")}
                          <span className="sr-only">: {item.title}</span>
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                ) : null}
                {!booking || booking.canChange ? (
                  item.slots.length === 0 ? (
                    booking ? null : (
                      <p className="text-sm text-slate-700">{t("interviews.none")}</p>
                    )
                  ) : (
                    <Form method="post" className="grid gap-3">
                      <input type="hidden" name="applicationId" value={item.applicationId} />
                      <fieldset className="grid gap-2">
                        <legend className="mb-1 text-sm font-semibold text-slate-900">
                          {booking ? t("interviews.chooseMove") : t("interviews.choose")}
                        </legend>
                        {item.slots.map((slot, index) => (
                          <label
                            key={slot.id}
                            className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-sky-50"
                            data-testid="interview-slot-choice"
                          >
                            <input
                              type="radio"
                              name="slotId"
                              value={slot.id}
                              required
                              defaultChecked={index === 0}
                              className="mt-1 size-4"
                            />
                            <span className="grid gap-0.5 font-medium text-slate-900">
                              {when(slot.startsAt)}
                              <span className="font-normal break-words text-slate-700">
                                {t("interviews.minutes", { count: slot.durationMinutes })} ·{" "}
                                {slot.location}
                              </span>
                              <span className="font-normal text-slate-600">
                                {t("interviews.left", { count: slot.left })}
                              </span>
                            </span>
                          </label>
                        ))}
                      </fieldset>
                      <div>
                        <Button type="submit" name="intent" value="book" disabled={busy}>
                          {booking ? t("interviews.move") : t("interviews.book")}
                          <span className="sr-only">: {item.title}</span>
                        </Button>
                      </div>
                    </Form>
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
