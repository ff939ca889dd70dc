import { DEFAULT_INTERVIEW_MINUTES } from "~/domain/interview-slots";
import { config } from "~/server/config.server";
import { calendarAttachment, interviewUid } from "~/server/interviews/calendar.server";
import { serverT } from "~/server/i18n/translate.server";
import {
  formatAgencyDateTime,
  type MailBase,
  mailLink,
  type RenderedMail,
  renderMail,
} from "~/server/mail/render.server";

// The e-mails about interviews: scheduled by staff, booked, moved or cancelled by the applicant,
// the invitation to choose a time and the day-before reminder, each with its calendar invite.

type InterviewMail = MailBase & {
  name: string;
  jobTitle: string;
  interviewDate: Date;
  /** Where: an address or a video-call link. */
  location?: string | null;
  /** The application, for the calendar invite's UID (one event per application). */
  applicationId?: string;
  durationMinutes?: number;
  /** The applicant's address: the invite names them as its attendee. */
  email?: string;
};

/** The interview as a calendar invite (.ics) in the agency's time zone, in the reader's language. */
function interviewInvite(o: InterviewMail, cancelled = false) {
  if (!o.applicationId) return [];
  const t = serverT(o.lng);
  const host = new URL(o.baseUrl ?? config().baseUrl).hostname;
  return [
    calendarAttachment({
      uid: interviewUid(o.applicationId, host),
      start: o.interviewDate,
      durationMinutes: o.durationMinutes ?? DEFAULT_INTERVIEW_MINUTES,
      summary: t("interviewSlots.calendarSummary", {
        jobTitle: o.jobTitle,
        agencyName: o.settings.agencyName,
      }),
      description: t("interviewSlots.calendarDescription", {
        link: mailLink(o, "/dashboard/interviews"),
      }),
      location: o.location,
      organizer: { name: o.settings.agencyName, email: o.settings.contactEmail },
      attendee: o.email ? { name: o.name, email: o.email } : null,
      cancelled,
    }),
  ];
}

function interviewFacts(o: InterviewMail) {
  const t = serverT(o.lng);
  const rows: [string, string][] = [
    [t("interview.when"), formatAgencyDateTime(o.interviewDate, o.lng)],
  ];
  if (o.durationMinutes) {
    rows.push([
      t("interviewSlots.length"),
      t("interviewSlots.minutes", { count: o.durationMinutes }),
    ]);
  }
  if (o.location?.trim()) rows.push([t("interview.where"), o.location.trim()]);
  return rows;
}

export function interviewScheduledEmail(
  o: InterviewMail & { details?: string | null },
): RenderedMail {
  const t = serverT(o.lng);
  return {
    ...renderMail(o, {
      subject: t("interview.subject", { jobTitle: o.jobTitle }),
      greeting: o.name,
      blocks: [
        { kind: "p", text: t("interview.body", { jobTitle: o.jobTitle }) },
        { kind: "facts", rows: interviewFacts(o) },
        ...(o.details ? [{ kind: "quote" as const, text: o.details }] : []),
        { kind: "p", text: t("interview.cannotAttend") },
        {
          kind: "button",
          label: t("interview.button"),
          href: mailLink(o, "/dashboard/applications"),
        },
      ],
    }),
    attachments: interviewInvite(o),
  };
}

/** The applicant booked (or moved to) a slot: the confirmation, with the invite. */
export function interviewBookedEmail(
  o: InterviewMail & { rescheduled: boolean; changeUntil: Date },
): RenderedMail {
  const t = serverT(o.lng);
  const values = { jobTitle: o.jobTitle };
  return {
    ...renderMail(o, {
      subject: t(
        o.rescheduled ? "interviewSlots.movedSubject" : "interviewSlots.bookedSubject",
        values,
      ),
      greeting: o.name,
      blocks: [
        {
          kind: "p",
          text: t(o.rescheduled ? "interviewSlots.movedBody" : "interviewSlots.bookedBody", values),
        },
        { kind: "facts", rows: interviewFacts(o) },
        {
          kind: "p",
          text: t("interviewSlots.changeUntil", {
            until: formatAgencyDateTime(o.changeUntil, o.lng),
          }),
        },
        { kind: "p", text: t("interviewSlots.calendarHint") },
        {
          kind: "button",
          label: t("interviewSlots.button"),
          href: mailLink(o, "/dashboard/interviews"),
        },
      ],
    }),
    attachments: interviewInvite(o),
  };
}

/** The applicant cancelled their booking: the confirmation, with the invite's cancellation. */
export function interviewCancelledEmail(o: InterviewMail): RenderedMail {
  const t = serverT(o.lng);
  const values = { jobTitle: o.jobTitle };
  return {
    ...renderMail(o, {
      subject: t("interviewSlots.cancelledSubject", values),
      greeting: o.name,
      blocks: [
        {
          kind: "p",
          text: t("interviewSlots.cancelledBody", {
            ...values,
            when: formatAgencyDateTime(o.interviewDate, o.lng),
          }),
        },
        {
          kind: "button",
          label: t("interviewSlots.button"),
          href: mailLink(o, "/dashboard/interviews"),
        },
      ],
    }),
    attachments: interviewInvite(o, true),
  };
}

/** The day before an interview. */
export function interviewReminderEmail(o: InterviewMail): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("interviewSlots.reminderSubject", { jobTitle: o.jobTitle }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("interviewSlots.reminderBody", { jobTitle: o.jobTitle }) },
      { kind: "facts", rows: interviewFacts(o) },
      { kind: "p", text: t("interview.cannotAttend") },
      {
        kind: "button",
        label: t("interviewSlots.button"),
        href: mailLink(o, "/dashboard/interviews"),
      },
    ],
  });
}

/** The application reached the interview stage and there are times to choose from. */
export function interviewInvitationEmail(
  o: MailBase & { name: string; jobTitle: string },
): RenderedMail {
  const t = serverT(o.lng);
  return renderMail(o, {
    subject: t("interviewSlots.inviteSubject", { jobTitle: o.jobTitle }),
    greeting: o.name,
    blocks: [
      { kind: "p", text: t("interviewSlots.inviteBody", { jobTitle: o.jobTitle }) },
      {
        kind: "button",
        label: t("interviewSlots.inviteButton"),
        href: mailLink(o, "/dashboard/interviews"),
      },
    ],
  });
}
