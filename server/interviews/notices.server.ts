import type { Db } from "~/server/db/client.server";
import { formatAgencyDateTime } from "~/server/mail/render.server";
import { notifyUser } from "~/server/notifications/notifications.server";

/** The in-app notices about an applicant's interview: each one's title and body (mail.json). */
const NOTICES = {
  booked: { title: "interview.notificationTitle", body: "interview.notificationBodyWithPlace" },
  cancelled: { title: "interviewSlots.cancelledTitle", body: "interviewSlots.cancelledBody" },
  invited: { title: "interviewSlots.inviteTitle", body: "interviewSlots.inviteBody" },
  reminder: { title: "interviewSlots.reminderTitle", body: "interviewSlots.reminderNotification" },
} as const;

/**
 * Tells the applicant in the app about their interview (the notice links to their Interviews
 * page): the job or program it is for and, when the notice says it, its time (in the agency's
 * time zone, in the applicant's language) and place.
 */
export async function notifyInterview(
  tx: Db,
  n: { userId: string; notice: keyof typeof NOTICES; jobTitle: string; at?: Date; place?: string },
) {
  const { title, body } = NOTICES[n.notice];
  await notifyUser(tx, {
    userId: n.userId,
    kind: "interview_scheduled",
    text: (t, lng) => ({
      title: t(title),
      body: t(body, {
        jobTitle: n.jobTitle,
        ...(n.at ? { when: formatAgencyDateTime(n.at, lng) } : {}),
        ...(n.place !== undefined ? { place: n.place } : {}),
      }),
    }),
    link: "/dashboard/interviews",
  });
}
