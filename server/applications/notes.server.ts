import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isStaff, type Role, STAFF_ROLES } from "~/domain/enums";
import { type Mentionable, resolveMentions } from "~/domain/application-notes";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import {
  applicationNoteMentions,
  applicationNotes,
  jobApplications,
  profiles,
} from "~/server/db/schema";
import { enqueueApplicantMail, inTransactionWithMail } from "~/server/mail/outbox.server";
import { staffMentionEmail } from "~/server/applications/application-mail.server";
import { notifyUser } from "~/server/notifications/notifications.server";
import { applicantIsInScope, officeScopeFor } from "~/server/offices/scope.server";
import { applicationTitle } from "./columns.server";
import { ApplicationNotFoundError } from "./staff.server";

// Staff-only notes on an application. Nothing here is ever read by an
// applicant-facing loader, notification or e-mail: notes are read only by
// listApplicationNotesForStaff (the staff details dialog) and by the person's own data export
// (server/privacy/data-export.server.ts, decision record 23), and the only notification a note
// makes goes to the colleagues it mentions.

type Actor = Pick<Viewer, "id" | "role">;

/** Only staff write notes: an applicant or an agent is refused before anything is read. */
export class NoteNotAllowedError extends Error {
  constructor() {
    super("Only staff may write notes on an application.");
  }
}

/**
 * Some @mentions name nobody on the staff, more than one colleague, or a colleague whose offices
 * do not include this applicant (who could not open the note): nothing is written.
 */
export class MentionError extends Error {
  constructor(
    readonly unknown: string[],
    readonly ambiguous: { text: string; candidates: Mentionable[] }[],
    readonly outOfOffice: Mentionable[] = [],
  ) {
    super(
      `unresolved mentions: ${[
        ...unknown,
        ...ambiguous.map((a) => a.text),
        ...outOfOffice.map((p) => p.email),
      ].join(", ")}`,
    );
  }
}

/** Everyone on the staff who can be mentioned (and so notified): their id, name and address. */
export async function listMentionableStaff(): Promise<(Mentionable & { role: Role })[]> {
  return db()
    .select({
      id: profiles.id,
      name: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
    })
    .from(profiles)
    .where(and(inArray(profiles.role, [...STAFF_ROLES]), isNull(profiles.erasedAt)))
    .orderBy(asc(profiles.fullName), asc(profiles.email));
}

/**
 * Adds a note by `actor` (staff only) to an application of an applicant in their offices (else
 * ApplicationNotFoundError, as for every staff action). Its @mentions are resolved against the
 * staff (resolveMentions); one that names nobody, more than one colleague, or a colleague whose
 * offices do not include the applicant, refuses the note (MentionError) so the writer can say
 * whom they meant. Each colleague mentioned is notified once,
 * in the app and by e-mail (their language; not the writer themself). The note, its mentions, the
 * audit entry, the notifications and the e-mails commit together.
 */
export async function addApplicationNote(options: {
  actor: Actor;
  applicationId: string;
  body: string;
}) {
  if (!isStaff(options.actor.role)) throw new NoteNotAllowedError();
  const body = options.body.trim();
  const staff = await listMentionableStaff();
  const mentions = resolveMentions(body, staff);
  if (mentions.unknown.length > 0 || mentions.ambiguous.length > 0) {
    throw new MentionError(mentions.unknown, mentions.ambiguous);
  }
  const author = staff.find((s) => s.id === options.actor.id);
  const notified = mentions.ids.filter((id) => id !== options.actor.id);

  return inTransactionWithMail(async (tx) => {
    const [app] = await tx
      .select({
        id: jobApplications.id,
        userId: jobApplications.userId,
        applicantName: profiles.fullName,
        jobTitle: applicationTitle,
      })
      .from(jobApplications)
      .innerJoin(profiles, eq(profiles.id, jobApplications.userId))
      .where(eq(jobApplications.id, options.applicationId));
    if (!app) throw new ApplicationNotFoundError();
    if (!(await applicantIsInScope(await officeScopeFor(options.actor, tx), app.userId, tx))) {
      throw new ApplicationNotFoundError();
    }
    const outOfOffice = [];
    for (const id of notified) {
      const person = staff.find((s) => s.id === id)!;
      if (!(await applicantIsInScope(await officeScopeFor(person, tx), app.userId, tx))) {
        outOfOffice.push({ id: person.id, name: person.name, email: person.email });
      }
    }
    if (outOfOffice.length > 0) throw new MentionError([], [], outOfOffice);
    const jobTitle = app.jobTitle ?? "";
    const [note] = await tx
      .insert(applicationNotes)
      .values({ applicationId: app.id, authorId: options.actor.id, body })
      .returning({ id: applicationNotes.id });
    if (mentions.ids.length > 0) {
      await tx
        .insert(applicationNoteMentions)
        .values(mentions.ids.map((userId) => ({ noteId: note!.id, userId })))
        .onConflictDoNothing();
    }
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "application.note",
      targetType: "application",
      targetId: app.id,
      details: { noteId: note!.id, mentioned: mentions.ids },
    });
    const authorName = author?.name || author?.email || "";
    const link = `/admin/applications?view=${app.id}`;
    for (const userId of notified) {
      await notifyUser(tx, {
        userId,
        kind: "mention",
        text: (t) => ({
          title: t("mention.notificationTitle", { author: authorName }),
          body: t("mention.notificationBody", {
            author: authorName,
            applicant: app.applicantName,
            jobTitle,
          }),
        }),
        link,
      });
      // A colleague's own address and language, like an applicant's: the same outbox path.
      await enqueueApplicantMail(tx, {
        userId,
        render: (recipient) =>
          staffMentionEmail({
            ...recipient,
            author: authorName,
            applicant: app.applicantName,
            jobTitle,
            path: link,
          }),
      });
    }
    return { id: note!.id, mentioned: mentions.ids, notified };
  });
}

const author = alias(profiles, "note_author");

/**
 * An application's notes (or several applications' notes), newest first, with their author and
 * whom they mention. Staff only.
 */
export async function listApplicationNotesForStaff(applicationId: string | string[]) {
  const ids = typeof applicationId === "string" ? [applicationId] : applicationId;
  if (ids.length === 0) return [];
  const notes = await db()
    .select({
      id: applicationNotes.id,
      applicationId: applicationNotes.applicationId,
      body: applicationNotes.body,
      createdAt: applicationNotes.createdAt,
      authorName: author.fullName,
    })
    .from(applicationNotes)
    .leftJoin(author, eq(author.id, applicationNotes.authorId))
    .where(inArray(applicationNotes.applicationId, ids))
    .orderBy(desc(applicationNotes.createdAt));
  if (notes.length === 0) return [];
  const mentioned = await db()
    .select({
      noteId: applicationNoteMentions.noteId,
      name: profiles.fullName,
      email: profiles.email,
    })
    .from(applicationNoteMentions)
    .innerJoin(profiles, eq(profiles.id, applicationNoteMentions.userId))
    .where(
      inArray(
        applicationNoteMentions.noteId,
        notes.map((n) => n.id),
      ),
    );
  return notes.map((n) => ({
    ...n,
    mentions: mentioned.filter((m) => m.noteId === n.id).map((m) => m.name || m.email),
  }));
}
export type ApplicationNoteRow = Awaited<ReturnType<typeof listApplicationNotesForStaff>>[number];
