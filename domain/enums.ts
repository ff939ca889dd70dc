// The product's enumerations. The database enforces the same lists (server/db/schema.ts builds its
// enum types from these arrays), so a value that is not here can never be stored.

export const APPLICANT_ROLES = ["job_seeker", "student_applicant"] as const;
export const STAFF_ROLES = ["manager", "admin", "super_admin"] as const;
/** Every role, each named once: the applicants', the agent's, then the staff's. */
export const ROLES = [...APPLICANT_ROLES, "agent", ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/**
 * Badge colours (app/components/ui/badge.tsx). Status colours mean the same everywhere: green done,
 * amber waiting on the applicant, blue in progress, red problem; purple and orange only tell roles
 * apart. Each enum that is shown as a badge has one tone map, next to its enum in domain/.
 */
export type Tone = "success" | "waiting" | "progress" | "danger" | "neutral" | "purple" | "orange";

export const ROLE_TONE: Record<Role, Tone> = {
  admin: "danger",
  super_admin: "purple",
  manager: "orange",
  agent: "progress",
  student_applicant: "success",
  job_seeker: "neutral",
};

export const USER_ADMIN_ROLES = ["admin", "super_admin"] as const satisfies Role[];

export function isStaff(role: string | null | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}
/**
 * Where a person signed in without a destination lands: staff the back-office, an agent their
 * applicants, others their dashboard.
 */
export function homePathFor(role: string | null | undefined): "/admin" | "/agent" | "/dashboard" {
  if (isStaff(role)) return "/admin";
  return role === "agent" ? "/agent" : "/dashboard";
}
export function isApplicantRole(role: string | null | undefined): boolean {
  return (APPLICANT_ROLES as readonly string[]).includes(role ?? "");
}

export const SECTORS = [
  "healthcare",
  "logistics",
  "agriculture",
  "hospitality",
  "technology",
  "education",
  "construction",
  "manufacturing",
  "domestic",
  "security",
  "services",
  "other",
] as const;
export type Sector = (typeof SECTORS)[number];

export const JOB_TYPES = ["entry_level", "skilled", "sponsored", "non_sponsored"] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const EMPLOYMENT_TYPES = [
  "full_time",
  "part_time",
  "seasonal",
  "live_in",
  "shift_work",
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const SALARY_PERIODS = ["hour", "month", "year"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** The fee stages every application starts with, jobs and study programs alike. */
const FEE_STAGES = ["registration_pending", "registration_paid"] as const;

/** The university's stages of a study-program application (decision record 22). */
export const UNIVERSITY_STAGES = [
  "documents_submitted",
  "submitted_to_university",
  "conditional_offer",
  "unconditional_offer",
  "tuition_deposit_paid",
  "study_visa_applied",
  "visa_granted",
] as const;

/** The stages of a job application, in the tracker's order; withdrawn: the applicant stopped it. */
const JOB_STAGES = [
  ...FEE_STAGES,
  "documents_uploaded",
  "job_matched",
  "interview_scheduled",
  "interview_completed",
  "offer_received",
  "visa_process_started",
  "visa_approved",
  "pre_departure",
  "departed",
  "withdrawn",
] as const;

/** A job application's statuses: its stages, and the visa refused (it ends there). */
export const JOB_APPLICATION_STATUSES = [...JOB_STAGES, "visa_refused"] as const;

/**
 * The stages of a study-program application: the fee stages and Departed are shared with jobs,
 * the rest are the university's. Rejected and withdrawn end it.
 */
export const STUDY_APPLICATION_STATUSES = [
  ...FEE_STAGES,
  ...UNIVERSITY_STAGES,
  "departed",
  "rejected",
  "withdrawn",
  "visa_refused",
] as const;

/**
 * Every status an application can have, each named once: the database's one enum (new values are
 * appended, so a migration only adds them). Which of them an application may take depends on its
 * kind: JOB_APPLICATION_STATUSES or STUDY_APPLICATION_STATUSES.
 */
export const APPLICATION_STATUSES = [
  ...JOB_STAGES,
  ...UNIVERSITY_STAGES,
  "rejected",
  // Issue 39: the visa was refused, an outcome a fee policy's refund rule can name.
  "visa_refused",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type JobApplicationStatus = (typeof JOB_APPLICATION_STATUSES)[number];
export type StudyApplicationStatus = (typeof STUDY_APPLICATION_STATUSES)[number];

/** What an application is for: a job, or a place in a study program. */
export const APPLICATION_KINDS = ["job", "program"] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** The statuses an application of this kind may take, in its tracker's order. */
export function statusesForKind(kind: ApplicationKind): readonly ApplicationStatus[] {
  return kind === "program" ? STUDY_APPLICATION_STATUSES : JOB_APPLICATION_STATUSES;
}

export const PROGRAM_LEVELS = [
  "foundation",
  "diploma",
  "bachelor",
  "master",
  "doctorate",
  "language_course",
] as const;
export type ProgramLevel = (typeof PROGRAM_LEVELS)[number];

export const FIELDS_OF_STUDY = [
  "business",
  "computing",
  "engineering",
  "health",
  "sciences",
  "arts_humanities",
  "social_sciences",
  "law",
  "education",
  "hospitality_tourism",
  "agriculture",
  "languages",
  "other",
] as const;
export type FieldOfStudy = (typeof FIELDS_OF_STUDY)[number];

/**
 * A document type's key. The types are data (document_types, kept by admins at
 * /admin/document-types; domain/document-types.ts): the eight below were the fixed list before
 * types became data, and the rules that name a type (a job's core documents, what each applicant is asked
 * for first) name one of them.
 */
export type DocumentType = string;

/**
 * The documents each kind of applicant is asked for first, in the order they usually gather them:
 * a job seeker's employer wants a CV and experience letters, a university wants transcripts and a
 * motivation letter. Every other active type stays available (someone changing course may need it).
 */
export const DOCUMENTS_ASKED_OF: Record<(typeof APPLICANT_ROLES)[number], readonly DocumentType[]> =
  {
    job_seeker: ["cv", "passport", "education", "experience", "english"],
    student_applicant: [
      "passport",
      "transcript",
      "education",
      "english",
      "motivation_letter",
      "recommendation_letter",
    ],
  };

/**
 * The document types an applicant is asked for, then the others (`all`: the active types, in
 * their order); any type they already uploaded joins the first, even one since retired. `needed`:
 * what their applications' checklists ask for, which replaces the role's list when there is one.
 */
export function documentTypesFor(
  role: string,
  uploaded: ReadonlySet<DocumentType>,
  all: readonly DocumentType[],
  needed: readonly DocumentType[] = [],
) {
  const asked: readonly DocumentType[] = needed.length
    ? needed
    : (DOCUMENTS_ASKED_OF[role as keyof typeof DOCUMENTS_ASKED_OF] ?? all);
  const known = [...all, ...[...uploaded].filter((type) => !all.includes(type))];
  const first = known
    .filter((type) => (asked.includes(type) && all.includes(type)) || uploaded.has(type))
    .sort((a, b) => rank(asked, known, a) - rank(asked, known, b));
  return { asked: first, others: all.filter((type) => !first.includes(type)) };
}

function rank(order: readonly DocumentType[], all: readonly DocumentType[], type: DocumentType) {
  const at = order.indexOf(type);
  return at === -1 ? order.length + all.indexOf(type) : at;
}

// pending → verified | rejected; a newer upload of the same type marks the older pending one replaced.
export const DOCUMENT_STATUSES = ["pending", "verified", "rejected", "replaced"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const PAYMENT_STATUSES = [
  "pending",
  "completed",
  "failed",
  "abandoned",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_TONE: Record<PaymentStatus, Tone> = {
  completed: "success",
  pending: "neutral",
  failed: "danger",
  abandoned: "neutral",
  refunded: "orange",
};

export const PAYMENT_PROVIDERS = ["simulated", "paystack", "paynow", "manual"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const MESSAGE_GROUPS = ["all_users", "job_seekers", "students", "paid_users"] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

export const CONTACT_INQUIRY_STATUSES = ["pending", "in_progress", "resolved", "closed"] as const;
export type ContactInquiryStatus = (typeof CONTACT_INQUIRY_STATUSES)[number];

export const OUTSOURCING_INQUIRY_STATUSES = ["new", "in_progress", "completed"] as const;
export type OutsourcingInquiryStatus = (typeof OUTSOURCING_INQUIRY_STATUSES)[number];

export const OUTSOURCING_SERVICES = [
  "Virtual Assistants",
  "Call Centre Solutions",
  "BPO & Staff Leasing",
] as const;
export type OutsourcingService = (typeof OUTSOURCING_SERVICES)[number];

export const BLOG_CATEGORIES = ["jobs", "study", "news", "success_stories", "general"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const BLOG_STATUSES = ["draft", "published", "archived"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_TONE: Record<BlogStatus, Tone> = {
  draft: "waiting",
  published: "success",
  archived: "neutral",
};

export const MONITOR_STATUSES = ["up", "slow", "down"] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
export const MONITOR_STATUS_TONE: Record<MonitorStatus, Tone> = {
  up: "success",
  slow: "waiting",
  down: "danger",
};

export const INCIDENT_STATUSES = ["investigating", "resolved"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const NOTIFICATION_KINDS = [
  "application_status",
  "interview_scheduled",
  "document_reviewed",
  "payment_received",
  "message",
  "job_alert",
  // A colleague mentioned a staff member in a note on an application.
  "mention",
  // An applicant a staff member owns sent a document or a message.
  "applicant_activity",
  // Staff set (or changed) the day an applicant travels.
  "departure",
  // A complaint passed its answer deadline (super admins, once).
  "complaint_overdue",
  // Staff recorded a refund of a fee (a refund rule's outcome).
  "payment_refunded",
  // A document the applicant uploaded stops being valid in 60, 30 or 7 days.
  "document_expiring",
  // Staff gave the applicant a task, or one of their tasks passed its due date (once).
  "task_assigned",
  "task_overdue",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How often a job alert writes: at once for each new job, or one digest a day or a week. */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
