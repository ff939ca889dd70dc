import crypto from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  type ApplicationStatus,
  type DocumentType,
  JOB_APPLICATION_STATUSES,
  STUDY_APPLICATION_STATUSES,
} from "~/domain/enums";
import { agencyDateTimeInputValue, parseAgencyDateTime } from "~/domain/interview";
import { db } from "./client.server";
import type { SeedServices } from "./seed-services";
import {
  accounts,
  appState,
  applicationStatusHistory,
  contactInquiries,
  contactInquiryReplies,
  documents,
  interviewBookings,
  interviewSlots,
  jobApplications,
  jobs,
  messageRecipients,
  messages,
  messageThreads,
  outsourcingInquiries,
  payments,
  profiles,
  programs,
} from "./schema";

// A lived-in demo: a few dozen applicants of both offices at every stage,
// documents waiting, messages, inquiries and interviews this week, so the back-office a newcomer
// opens shows the product working. Written straight into the tables in one transaction (no
// e-mail, no password hashing per person): a second or so. Deterministic: the same people, stages
// and texts every time; dates are counted from the day it runs.

/** The demo's applicants: Harare's from Zimbabwe, Midrand's from South Africa. */
const HARARE = [
  "Tatenda Mhlanga",
  "Chipo Marufu",
  "Tinashe Gumbo",
  "Rumbidzai Sibanda",
  "Kudakwashe Ncube",
  "Nyasha Chirwa",
  "Tafadzwa Mapfumo",
  "Vimbai Zvobgo",
  "Farai Musona",
  "Ruvimbo Chikore",
  "Tawanda Mandaza",
  "Shingai Mutasa",
  "Panashe Dube",
  "Chiedza Nyathi",
  "Blessing Makoni",
  "Tariro Chinembiri",
  "Simbarashe Moyo",
  "Anesu Murewa",
];
const MIDRAND = [
  "Lerato Mokoena",
  "Sipho Nkosi",
  "Thandiwe Dlamini",
  "Bongani Mthembu",
  "Zanele Khumalo",
  "Kagiso Molefe",
  "Nomvula Zulu",
  "Tshepo Mahlangu",
  "Ayanda Ngcobo",
  "Palesa Radebe",
  "Mandla Shabalala",
  "Refilwe Sithole",
  "Lwazi Mabaso",
  "Naledi Tau",
  "Themba Cele",
  "Dineo Maseko",
  "Katlego Phiri",
  "Busisiwe Ndaba",
];

/** Marks the demo's activity as seeded (its own flag: a database seeded before gets it too). */
const FLAG = "demo_activity_seeded";

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

const DAY = 86_400_000;

/** An agency-time day `days` from `now`, at `time` (HH:MM). */
function agencyAt(now: Date, days: number, time: string): Date {
  const day = agencyDateTimeInputValue(new Date(now.getTime() + days * DAY)).slice(0, 10);
  return parseAgencyDateTime(`${day}T${time}`)!;
}

function slug(name: string) {
  return name.toLowerCase().replace(/[^a-z]+/g, ".");
}

/** The statuses an application passed through to reach `status`, in its kind's order. */
function pathTo(status: ApplicationStatus, order: readonly ApplicationStatus[]) {
  if (status === "withdrawn" || status === "rejected") {
    return [order[0]!, order[1]!, order[2]!, status];
  }
  if (status === "visa_refused") {
    return [...order.slice(0, order.indexOf("visa_process_started") + 1), status];
  }
  return order.slice(0, order.indexOf(status) + 1);
}

/**
 * The lived-in demo, once, when the demo accounts exist (their managers own the applicants).
 * Returns how many applicants it added (0 when it had already run).
 */
export async function seedDemoActivity(services: SeedServices, now = new Date()): Promise<number> {
  const database = db();
  const [seeded] = await database.select().from(appState).where(eq(appState.key, FLAG));
  if (seeded) return 0;
  const staff = await database
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .where(
      inArray(profiles.email, [
        "manager@passage.test",
        "midrand.manager@passage.test",
        "admin@passage.test",
        "seeker@passage.test",
        "agent@passage.test",
      ]),
    );
  const idOf = (email: string) => staff.find((s) => s.email === email)?.id;
  const harareManager = idOf("manager@passage.test");
  const midrandManager = idOf("midrand.manager@passage.test");
  const admin = idOf("admin@passage.test");
  const seeker = idOf("seeker@passage.test");
  // The demo agent registered Midrand's first few: they are the agent's to follow (/agent).
  const agent = idOf("agent@passage.test");
  if (!harareManager || !midrandManager || !admin || !seeker) return 0;

  const [jobRows, programRows, [credential], settings] = await Promise.all([
    database
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), isNull(jobs.archivedAt)))
      .orderBy(asc(jobs.createdAt), asc(jobs.id))
      .limit(12),
    database
      .select({
        id: programs.id,
        intakes: programs.intakes,
        requiredDocuments: programs.requiredDocuments,
      })
      .from(programs)
      .where(and(eq(programs.isActive, true), isNull(programs.archivedAt)))
      .orderBy(asc(programs.title))
      .limit(6),
    // The demo applicants sign in with the demo password: the seeded seeker's credential.
    database
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, seeker), eq(accounts.providerId, "credential"))),
    services.getSiteSettings(),
  ]);
  if (jobRows.length === 0 || programRows.length === 0) return 0;

  type Doc = { userId: string; type: DocumentType; status: "pending" | "verified" | "rejected" };
  const people: (typeof profiles.$inferInsert)[] = [];
  const apps: (typeof jobApplications.$inferInsert & { path: ApplicationStatus[] })[] = [];
  const docs: Doc[] = [];
  const paid: { userId: string; at: Date }[] = [];
  // Each office has someone at nearly every job stage; its students take every other study
  // stage (Harare the even ones, Midrand the odd), so the two together hold every stage there is.
  const everyone = [
    ...HARARE.map((name, k) => ({ name, office: "Harare" as const, k })),
    ...MIDRAND.map((name, k) => ({ name, office: "Midrand" as const, k })),
  ];
  for (const { name, office, k } of everyone) {
    const i = office === "Harare" ? k * 2 : k * 2 + 1;
    const id = crypto.randomUUID();
    const student = k % 3 === 2;
    const order = student ? STUDY_APPLICATION_STATUSES : JOB_APPLICATION_STATUSES;
    // Midrand's job seekers start one stage on, so one of them has the last (Visa Refused).
    const step = student
      ? ((k - 2) / 3) * 2 + (office === "Harare" ? 0 : 1)
      : k - Math.floor(k / 3) + (office === "Harare" ? 0 : 1);
    const status = order[step % order.length]!;
    const path = pathTo(status, order);
    const owner = office === "Harare" ? harareManager : midrandManager;
    // Every fifth application is new and nobody's yet; the rest are their office manager's.
    const unowned = i % 5 === 0 || status === "registration_pending";
    const appliedAt = new Date(now.getTime() - (2 + ((i * 7) % 40) + path.length * 3) * DAY);
    const feePaid = office === "Harare" && path.includes("registration_paid");
    people.push({
      id,
      fullName: name,
      email: `${slug(name)}@demo.passage.test`,
      emailVerified: true,
      // In E.164, as every stored number is (domain/phone.ts).
      phoneNumber:
        office === "Harare"
          ? `+263772${String(i).padStart(2, "0")}${String(1000 + i * 37).slice(-4)}`
          : `+27823${String(i).padStart(2, "0")}${String(1000 + i * 53).slice(-4)}`,
      country: office === "Harare" ? "Zimbabwe" : "South Africa",
      role: student ? "student_applicant" : "job_seeker",
      registrationFeePaid: feePaid,
      office,
      ownerId: agent && office === "Midrand" && k < 3 ? agent : unowned ? null : owner,
      createdAt: new Date(appliedAt.getTime() - DAY),
    });
    if (feePaid) paid.push({ userId: id, at: new Date(appliedAt.getTime() + DAY) });

    const job = jobRows[i % jobRows.length]!;
    const program = programRows[i % programRows.length]!;
    // Each office interviews someone today (agency time); earlier stages' interviews are past.
    const interviewDate =
      status === "interview_scheduled"
        ? agencyAt(now, 0, office === "Harare" ? "10:00" : "14:30")
        : path.includes("interview_scheduled")
          ? new Date(appliedAt.getTime() + (path.length - 1) * DAY)
          : null;
    apps.push({
      userId: id,
      kind: student ? "program" : "job",
      jobId: student ? null : job.id,
      programId: student ? program.id : null,
      intake: student ? (program.intakes[0] ?? null) : null,
      status,
      path,
      appliedAt,
      ownerId: unowned ? null : owner,
      interviewDate,
      interviewLocation: interviewDate
        ? office === "Harare"
          ? "Passage Harare office, 2nd floor"
          : "Video call (link sent by e-mail)"
        : null,
      departureDate:
        status === "pre_departure" || status === "departed" || status === "visa_granted"
          ? agencyDateTimeInputValue(
              new Date(now.getTime() + (status === "departed" ? -30 : 21) * DAY),
            ).slice(0, 10)
          : null,
      adminComments: status === "job_matched" ? "Matched with the employer's shortlist." : null,
    });

    // Papers: verified once the stage needs them, waiting for review just before it.
    const needed: DocumentType[] = student ? [...program.requiredDocuments] : ["passport", "cv"];
    const verifiedFrom = student ? "documents_submitted" : "documents_uploaded";
    if (path.includes(verifiedFrom) && status !== "withdrawn" && status !== "rejected") {
      for (const type of needed) docs.push({ userId: id, type, status: "verified" });
    } else if (status === "registration_paid") {
      for (const type of needed.slice(0, 2)) docs.push({ userId: id, type, status: "pending" });
    } else if (status === "withdrawn") {
      docs.push({ userId: id, type: "passport", status: "rejected" });
    }
  }
  // A few second applications, new and nobody's yet: the queue of applications without an owner.
  for (const [n, person] of people.entries()) {
    if (n % 6 !== 1 || person.role !== "job_seeker") continue;
    apps.push({
      userId: person.id,
      kind: "job",
      jobId: jobRows[(n + 5) % jobRows.length]!.id,
      status: person.registrationFeePaid ? "registration_paid" : "registration_pending",
      path: person.registrationFeePaid
        ? ["registration_pending", "registration_paid"]
        : ["registration_pending"],
      appliedAt: new Date(now.getTime() - (n % 3) * DAY - 3_600_000),
      ownerId: null,
    });
  }

  // The files first (outside the transaction); should it fail, the sweep removes them.
  const documentRows = await Promise.all(
    docs.map(async (d, n) => {
      const storageKey = `documents/${d.userId}/${crypto.randomUUID()}`;
      await services
        .storage()
        .put(storageKey, Readable.from([PDF]), { contentType: "application/pdf" });
      const uploadedAt = new Date(now.getTime() - ((n * 5) % 72) * 3_600_000 - 3_600_000);
      return {
        userId: d.userId,
        documentType: d.type,
        fileName: `${d.type}.pdf`,
        storageKey,
        fileSize: PDF.length,
        contentType: "application/pdf",
        status: d.status,
        uploadedAt,
        reviewedAt: d.status === "pending" ? null : uploadedAt,
        reviewedBy: d.status === "pending" ? null : admin,
        reviewReason:
          d.status === "rejected" ? "The photo page is cut off: scan the whole page." : null,
      };
    }),
  );

  const byEmail = new Map(people.map((p) => [p.email, p.id]));

  await database.transaction(async (tx) => {
    await tx.insert(profiles).values(people);
    if (credential?.password) {
      await tx.insert(accounts).values(
        people.map((p) => ({
          id: crypto.randomUUID(),
          accountId: p.id!,
          providerId: "credential",
          userId: p.id!,
          password: credential.password,
        })),
      );
    }
    for (const p of people) await services.acceptCurrentPolicies(p.id!, tx);
    const inserted = await tx
      .insert(jobApplications)
      .values(apps.map(({ path: _path, ...a }) => a))
      .returning({
        id: jobApplications.id,
        userId: jobApplications.userId,
        ownerId: jobApplications.ownerId,
        interviewDate: jobApplications.interviewDate,
        status: jobApplications.status,
        jobId: jobApplications.jobId,
      });
    await tx.insert(applicationStatusHistory).values(
      inserted.flatMap((row, n) =>
        apps[n]!.path.map((to, step) => ({
          applicationId: row.id,
          fromStatus: step === 0 ? null : apps[n]!.path[step - 1]!,
          toStatus: to,
          changedBy: step === 0 ? null : (row.ownerId ?? admin),
          createdAt: new Date(apps[n]!.appliedAt!.getTime() + step * DAY),
        })),
      ),
    );
    if (documentRows.length) await tx.insert(documents).values(documentRows);
    for (const p of paid) {
      const [payment] = await tx
        .insert(payments)
        .values({
          userId: p.userId,
          amountMinor: settings.registrationFee.amountMinor,
          currency: settings.registrationFee.currency,
          paymentMethod: "manual",
          provider: "manual",
          paymentReference: `DEMO_${p.userId}`,
          status: "completed",
          paymentDate: p.at,
        })
        .returning({ id: payments.id });
      await tx
        .update(payments)
        .set({ receiptNumber: await services.allocateReceiptNumber(tx, p.at) })
        .where(eq(payments.id, payment!.id));
    }

    // One booked interview time: the first of today's interviews took a published slot, beside
    // two still free this week.
    const booked = inserted.find((a) => a.status === "interview_scheduled" && a.jobId);
    if (booked?.interviewDate && booked.jobId) {
      const slots = await tx
        .insert(interviewSlots)
        .values(
          [0, 1, 2].map((k) => ({
            jobId: booked.jobId,
            startsAt:
              k === 0
                ? booked.interviewDate!
                : agencyAt(now, 2, `${String(8 + k)}:30`.padStart(5, "0")),
            durationMinutes: 30,
            location: "Passage Harare office, 2nd floor",
            capacity: 1,
            createdBy: harareManager,
          })),
        )
        .returning({ id: interviewSlots.id });
      await tx.insert(interviewBookings).values({ slotId: slots[0]!.id, applicationId: booked.id });
    }

    // Messages from staff, some read, each in its person's conversation; two have answered.
    const told = people.filter((_, n) => n % 5 === 3).slice(0, 6);
    const threads = await tx
      .insert(messageThreads)
      .values(told.map((p) => ({ applicantId: p.id, lastMessageAt: now })))
      .returning({ id: messageThreads.id, applicantId: messageThreads.applicantId });
    const threadOf = new Map(threads.map((t) => [t.applicantId, t.id]));
    const sent = await tx
      .insert(messages)
      .values(
        told.map((p, n) => ({
          subject: n % 2 ? "Your interview: what to bring" : "Please upload your police clearance",
          content:
            n % 2
              ? "Bring your passport, two photos and your certificates. Arrive 15 minutes early."
              : "The employer asks for a police clearance issued within the last six months.",
          senderId: p.office === "Harare" ? harareManager : midrandManager,
          recipientId: p.id,
          threadId: threadOf.get(p.id)!,
          sentAt: new Date(now.getTime() - (n + 1) * 5 * 3_600_000),
        })),
      )
      .returning({ id: messages.id, recipientId: messages.recipientId });
    await tx.insert(messages).values(
      told.slice(0, 2).map((p, n) => ({
        subject:
          n % 2 ? "Re: Your interview: what to bring" : "Re: Please upload your police clearance",
        content:
          n % 2
            ? "Do the photos need a white background?"
            : "I applied for it last week. Can I upload the receipt until it comes?",
        senderId: p.id,
        threadId: threadOf.get(p.id)!,
        fromApplicant: true,
        // One came from their phone, as a WhatsApp message (server/phone/replies.server.ts).
        via: n % 2 ? ("whatsapp" as const) : null,
        sentAt: new Date(now.getTime() - (n + 1) * 2 * 3_600_000),
      })),
    );
    await tx.insert(messageRecipients).values(
      sent.map((m, n) => ({
        messageId: m.id,
        userId: m.recipientId!,
        readAt: n % 3 === 0 ? null : now,
      })),
    );

    // Contact messages: applicants' waiting for a reply (both offices), a visitor's, and answered.
    const inquiries = await tx
      .insert(contactInquiries)
      .values(
        [
          [
            "Chipo Marufu",
            "When is my interview?",
            "I paid last week. When will I hear about the interview?",
            "pending",
            30,
          ],
          [
            "Sipho Nkosi",
            "Change of phone number",
            "Please use my new number: +27 82 555 0199.",
            "pending",
            20,
          ],
          [
            "Vimbai Zvobgo",
            "Police clearance",
            "How long may the police clearance be old?",
            "pending",
            6,
          ],
          [
            "Zanele Khumalo",
            "Visa appointment",
            "My visa appointment moved to next week. Is that a problem?",
            "pending",
            3,
          ],
          [
            "Grace Banda",
            "Nursing jobs in the UK",
            "Do you have nursing jobs in the UK for someone with two years' experience?",
            "pending",
            10,
          ],
          ["Tatenda Mhlanga", "Receipt", "Could you send my receipt again?", "resolved", 70],
        ].map(([name, subject, message, status, hoursAgo]) => {
          const email = byEmail.has(`${slug(name as string)}@demo.passage.test`)
            ? `${slug(name as string)}@demo.passage.test`
            : "grace.banda@example.org";
          return {
            name: name as string,
            email,
            subject: subject as string,
            message: message as string,
            status: status as "pending" | "resolved",
            createdAt: new Date(now.getTime() - (hoursAgo as number) * 3_600_000),
            resolvedAt: status === "resolved" ? now : null,
          };
        }),
      )
      .returning({ id: contactInquiries.id, status: contactInquiries.status });
    const answered = inquiries.find((q) => q.status === "resolved");
    if (answered) {
      await tx.insert(contactInquiryReplies).values({
        inquiryId: answered.id,
        authorId: harareManager,
        body: "Sent again: it is also under Payments on your dashboard.",
      });
    }
    await tx.insert(outsourcingInquiries).values([
      {
        name: "Pieter van Wyk",
        company: "Highveld Logistics",
        email: "pieter@highveld.example",
        services: ["BPO & Staff Leasing"],
        budget: "ZAR 50,000",
        message: "We need 20 warehouse pickers in Midrand from next month.",
      },
      {
        name: "Mary Chuma",
        company: "Eastlea Care Homes",
        email: "mary@eastlea.example",
        services: ["Virtual Assistants"],
        message: "Looking for six care assistants with first-aid certificates.",
      },
    ]);
    await tx.insert(appState).values({ key: FLAG, value: now.toISOString() });
  });
  return people.length;
}
