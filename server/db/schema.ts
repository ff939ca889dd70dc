import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { FEE_KINDS, type RefundOutcomes } from "~/domain/fee-policy";
import {
  ALERT_FREQUENCIES,
  APPLICATION_KINDS,
  APPLICATION_STATUSES,
  BLOG_CATEGORIES,
  BLOG_STATUSES,
  CONTACT_INQUIRY_STATUSES,
  DOCUMENT_STATUSES,
  EMPLOYMENT_TYPES,
  FIELDS_OF_STUDY,
  INCIDENT_STATUSES,
  JOB_TYPES,
  MAIL_STATUSES,
  MESSAGE_GROUPS,
  MONITOR_STATUSES,
  NOTIFICATION_KINDS,
  OUTSOURCING_INQUIRY_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PROGRAM_LEVELS,
  ROLES,
  SALARY_PERIODS,
  SECTORS,
} from "~/domain/enums";
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES } from "~/domain/agency-trust";
import { LANGUAGES } from "~/domain/languages";
import type { MessageVia } from "~/domain/messages";
import { DATA_EXPORT_STATUSES } from "~/domain/privacy";
import { TASK_KINDS, TASK_STATUSES } from "~/domain/tasks";

// Trigram index for substring search (LIKE/ILIKE '%…%'). fastupdate off: a new row goes straight
// into the index instead of a pending list that every search scans in full until the next vacuum
// (after a bulk insert that made a 20,000-row search take 40 ms instead of 0.1 ms).
const trigramIndex = (name: string, column: AnyPgColumn) =>
  index(name)
    .using("gin", sql`${column} gin_trgm_ops`)
    .with({ fastupdate: false });

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const roleEnum = pgEnum("role", ROLES);
export const sectorEnum = pgEnum("sector", SECTORS);
export const jobTypeEnum = pgEnum("job_type", JOB_TYPES);
export const employmentTypeEnum = pgEnum("employment_type", EMPLOYMENT_TYPES);
export const salaryPeriodEnum = pgEnum("salary_period", SALARY_PERIODS);
export const applicationStatusEnum = pgEnum("application_status", APPLICATION_STATUSES);
export const documentStatusEnum = pgEnum("document_status", DOCUMENT_STATUSES);
export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);
export const paymentProviderEnum = pgEnum("payment_provider", PAYMENT_PROVIDERS);
export const messageGroupEnum = pgEnum("message_group", MESSAGE_GROUPS);
export const contactInquiryStatusEnum = pgEnum("contact_inquiry_status", CONTACT_INQUIRY_STATUSES);
export const outsourcingInquiryStatusEnum = pgEnum(
  "outsourcing_inquiry_status",
  OUTSOURCING_INQUIRY_STATUSES,
);
export const blogCategoryEnum = pgEnum("blog_category", BLOG_CATEGORIES);
export const blogStatusEnum = pgEnum("blog_status", BLOG_STATUSES);
export const monitorStatusEnum = pgEnum("monitor_status", MONITOR_STATUSES);
export const incidentStatusEnum = pgEnum("incident_status", INCIDENT_STATUSES);
export const mailStatusEnum = pgEnum("mail_status", MAIL_STATUSES);
export const notificationKindEnum = pgEnum("notification_kind", NOTIFICATION_KINDS);
export const languageEnum = pgEnum("language", LANGUAGES);
export const applicationKindEnum = pgEnum("application_kind", APPLICATION_KINDS);
export const programLevelEnum = pgEnum("program_level", PROGRAM_LEVELS);
export const fieldOfStudyEnum = pgEnum("field_of_study", FIELDS_OF_STUDY);
export const alertFrequencyEnum = pgEnum("alert_frequency", ALERT_FREQUENCIES);

// ── Accounts ──────────────────────────────────────────────────────────────────────────────────
// The profile is better-auth's user table (see server/auth/auth.server.ts), so the account and
// its profile data are created by one insert, in one transaction with the credential row.
export const profiles = pgTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phoneNumber: text("phone_number"),
    whatsappNumber: text("whatsapp_number"),
    // A number saved before numbers were checked that does not read as one: kept as it was, and
    // the profile asks them to correct it (server/profiles/phone-backfill.server.ts).
    phoneNeedsFix: boolean("phone_needs_fix").notNull().default(false),
    country: text("country"),
    preferredCountryCode: text("preferred_country_code"),
    preferredSector: sectorEnum("preferred_sector"),
    // A student's field: the dashboard recommends programs in it (with the preferred country).
    preferredFieldOfStudy: fieldOfStudyEnum("preferred_field_of_study"),
    role: roleEnum("role").notNull().default("job_seeker"),
    registrationFeePaid: boolean("registration_fee_paid").notNull().default(false),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    // The language they chose with the switcher (or signed up in): their e-mails, notifications
    // and, on any device they sign in on, their pages.
    preferredLanguage: languageEnum("preferred_language").notNull().default("en"),
    // Set when the account was erased (by its owner or by staff on request): the row stays as a
    // stub ("Deleted user") so payment records keep their owner; nothing personal is left in it.
    erasedAt: ts("erased_at"),
    // News and job-alert e-mail beyond what their applications need: only if they said yes.
    marketingEmails: boolean("marketing_emails").notNull().default(false),
    // When they said yes to notices on WhatsApp and by SMS (consent to direct messages, which POPIA
    // asks for); null: never asked, or stopped (a STOP reply, or unticked on the profile).
    whatsappOptInAt: ts("whatsapp_opt_in_at"),
    smsOptInAt: ts("sms_opt_in_at"),
    // When they were told their inactive account is about to be erased (the retention setting).
    retentionWarnedAt: ts("retention_warned_at"),
    // The staff member who looks after this applicant: told of their new documents
    // and messages.
    ownerId: text("owner_id").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    // Their office, by city (the site settings' offices): an applicant's nearest, chosen at
    // sign-up or on the profile; a staff member's own. Empty or unknown counts as the first office.
    office: text("office"),
    // Offices besides their own that a staff member may see and act on (given by an admin).
    extraOffices: text("extra_offices")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A staff member who agreed that /verify confirms they work here.
    listedOnVerify: boolean("listed_on_verify").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("profiles_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Staff search people by any part of their name or e-mail (ILIKE '%…%').
    trigramIndex("profiles_full_name_trgm_idx", t.fullName),
    trigramIndex("profiles_email_trgm_idx", t.email),
    index("profiles_role_idx").on(t.role),
    index("profiles_owner_idx").on(t.ownerId),
    // Office-scoped staff lists read the applicants of some offices.
    index("profiles_office_idx").on(t.office),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// Shared by better-auth's limiter and ours, so limits hold across several app processes.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ── Jobs ──────────────────────────────────────────────────────────────────────────────────────
export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  flagUrl: text("flag_url"),
  isActive: boolean("is_active").notNull().default(true),
});

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    sector: sectorEnum("sector").notNull().default("technology"),
    jobType: jobTypeEnum("job_type").notNull().default("entry_level"),
    employmentType: employmentTypeEnum("employment_type").notNull().default("full_time"),
    salaryRange: text("salary_range"),
    salaryMin: numeric("salary_min", { precision: 12, scale: 2, mode: "number" }),
    salaryMax: numeric("salary_max", { precision: 12, scale: 2, mode: "number" }),
    salaryCurrency: text("salary_currency"),
    salaryPeriod: salaryPeriodEnum("salary_period"),
    requirements: text("requirements")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    benefits: text("benefits")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Keys of document_types this job asks for beyond its destination's checklist.
    requiredDocuments: text("required_documents")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    countryId: integer("country_id").references(() => countries.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    isPublic: boolean("is_public").notNull().default(true),
    // The last day applications are taken (optional): saved jobs warn when it is near or past.
    applicationDeadline: date("application_deadline", { mode: "string" }),
    // The employer it is hired for, and how the public page names it when the employer
    // is not to be named ("a public hospital group in Ireland"); null = named when there is one.
    employerId: uuid("employer_id").references(() => employers.id, { onDelete: "set null" }),
    employerShownAs: text("employer_shown_as"),
    // A job with applications is archived instead of deleted, so the applications keep their job.
    archivedAt: ts("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
    // Lower-cased copies kept by PostgreSQL for the case-insensitive search: ILIKE lower-cases
    // both sides on every row it tests, so `lower_copy LIKE lower(pattern)` matches exactly the same
    // rows at a fraction of the cost. Never shown; written only by the database.
    titleSearch: text("title_search")
      .notNull()
      .generatedAlwaysAs(sql`lower(title)`),
    descriptionSearch: text("description_search")
      .notNull()
      .generatedAlwaysAs(sql`lower(description)`),
  },
  (t) => [
    // The board lists only listed jobs (active, not archived), newest first: partial indexes on
    // that order, alone and behind each filter the board has an index for, let a page be read
    // straight from an index, and a capped count stop after a few rows.
    // An employer's jobs (its page, and whether it may be deleted).
    index("jobs_employer_idx")
      .on(t.employerId)
      .where(sql`employer_id is not null`),
    index("jobs_listed_idx")
      .on(t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    index("jobs_listed_sector_idx")
      .on(t.sector, t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    index("jobs_listed_country_idx")
      .on(t.countryId, t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    // The staff list: every job not archived (active or not), newest first.
    index("jobs_staff_list_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`archived_at is null`),
    index("jobs_country_idx").on(t.countryId),
    // Substring search (LIKE '%…%') on the lower-cased copies. Titles are searched by staff too
    // (applications by job title, archived jobs included); descriptions only on the board.
    trigramIndex("jobs_title_search_trgm_idx", t.titleSearch),
    trigramIndex("jobs_description_search_trgm_idx", t.descriptionSearch).where(
      sql`is_active and archived_at is null`,
    ),
  ],
);

// ── Employers (decision record 43) ─────────────────────────────────────────────────
// The organisations that hire through the agency, kept by the office that owns the relationship.
// `verifiedAt`/`verifiedBy`: a staff member checked who they are (registration, premises); the
// public job page then says "verified employer". One with jobs is archived, never deleted.
export const employers = pgTable(
  "employers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    countryId: integer("country_id").references(() => countries.id, { onDelete: "set null" }),
    sector: sectorEnum("sector"),
    registrationNumber: text("registration_number"),
    website: text("website"),
    notes: text("notes").notNull().default(""),
    office: text("office").notNull(),
    verifiedAt: ts("verified_at"),
    verifiedBy: text("verified_by").references(() => profiles.id, { onDelete: "set null" }),
    archivedAt: ts("archived_at"),
    // Bumped by the database on every change (migration 0040): an edit names the version it was
    // made on and is refused if the row has changed since (decision record 37).
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Lower-cased name and registration number for the staff search (see jobs).
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || coalesce(registration_number, ''))`),
  },
  (t) => [
    index("employers_office_idx").on(t.office, t.createdAt.desc(), t.id),
    trigramIndex("employers_search_idx", t.searchText),
  ],
);

// The people at an employer the agency deals with (the portal's accounts come later).
export const employerContacts = pgTable(
  "employer_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    employerId: uuid("employer_id")
      .notNull()
      .references(() => employers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    position: text("position"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("employer_contacts_email_key").on(t.employerId, t.email)],
);

// ── Study programs ────────────────────────────────────────────────────────────────────────────
export const programs = pgTable(
  "programs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    university: text("university").notNull(),
    city: text("city").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "restrict" }),
    level: programLevelEnum("level").notNull(),
    fieldOfStudy: fieldOfStudyEnum("field_of_study").notNull(),
    durationMonths: integer("duration_months").notNull(),
    // The language the courses are taught in, by its own name as staff write it ("English").
    languageOfInstruction: text("language_of_instruction").notNull(),
    tuitionAmount: numeric("tuition_amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    tuitionCurrency: text("tuition_currency").notNull(),
    // Start dates a student can choose from when applying; an application names one of them.
    intakes: date("intakes", { mode: "string" })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    applicationDeadline: date("application_deadline", { mode: "string" }),
    entryRequirements: text("entry_requirements")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Keys of document_types (an array cannot hold a foreign key: the program form checks them).
    requiredDocuments: text("required_documents")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scholarship: boolean("scholarship").notNull().default(false),
    scholarshipDetails: text("scholarship_details"),
    description: text("description").notNull(),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    isActive: boolean("is_active").notNull().default(true),
    // The institution or employer the agency works for on this program, if any.
    employerId: uuid("employer_id").references(() => employers.id, { onDelete: "set null" }),
    // A program with applications is archived, never deleted, so they keep their program.
    archivedAt: ts("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
    // Lower-cased title, university and city kept by PostgreSQL for the text search (see jobs).
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || university || ' ' || city)`),
  },
  (t) => [
    // /study lists listed programs (active, not archived), newest first, alone or by country,
    // level or field: partial indexes in that order let a page be read straight from an index.
    index("programs_listed_idx")
      .on(t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    index("programs_listed_country_idx")
      .on(t.countryId, t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    index("programs_listed_level_idx")
      .on(t.level, t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    index("programs_listed_field_idx")
      .on(t.fieldOfStudy, t.createdAt.desc().nullsLast(), t.id)
      .where(sql`is_active and archived_at is null`),
    index("programs_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trigramIndex("programs_search_text_trgm_idx", t.searchText),
    check("programs_duration_positive", sql`duration_months > 0`),
    check("programs_tuition_not_negative", sql`tuition_amount >= 0`),
  ],
);

/**
 * Applications to jobs and to study programs, in one table (decision record 22): one pipeline,
 * one history, one set of counts and exports for staff. `kind` says which; a job application has
 * its job, a program application its program and the intake (start date) it chose.
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: applicationKindEnum("kind").notNull().default("job"),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "restrict" }),
    programId: uuid("program_id").references(() => programs.id, { onDelete: "restrict" }),
    intake: date("intake", { mode: "string" }),
    status: applicationStatusEnum("status").notNull().default("registration_pending"),
    appliedAt: ts("applied_at").notNull().defaultNow(),
    interviewDate: ts("interview_date"),
    // Where the interview is held: an address or a video-call link, shown with the date.
    interviewLocation: text("interview_location"),
    // The interview the day-before reminder went out for: a new date means a new reminder.
    interviewRemindedFor: ts("interview_reminded_for"),
    // When the applicant was told to choose an interview slot (once per application).
    interviewInvitedAt: ts("interview_invited_at"),
    notes: text("notes"),
    adminComments: text("admin_comments"),
    // The day the applicant travels (set by staff once it is booked), and what they need to know:
    // flight, meeting point, who meets them on arrival.
    departureDate: date("departure_date", { mode: "string" }),
    departureDetails: text("departure_details"),
    // The staff member who looks after this application.
    ownerId: text("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
    // What was applied for, lower-cased, as the staff search looks in it: the job's title, or the
    // program's title, university and city. Kept by triggers (migration 0021) when the
    // application, the job or the program changes, so a search by job reads this table alone
    // instead of joining jobs and programs to test each row. Never shown; written only by the
    // database.
    appliedForSearch: text("applied_for_search").notNull().default(""),
    // Applied to a job the applicant's country of residence is restricted for (decision
    // record 35): the job was not advertised to them; staff see a warning. The
    // restriction that applied when they applied (kept as its id; null once it is deleted).
    directApplication: boolean("direct_application").notNull().default(false),
    restrictionId: uuid("restriction_id").references(() => recruitmentRestrictions.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("job_applications_user_job_key").on(t.userId, t.jobId),
    // Once per program and intake: the same program at a later intake is a new application.
    uniqueIndex("job_applications_user_program_intake_key").on(t.userId, t.programId, t.intake),
    index("job_applications_applied_at_idx").on(
      t.appliedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("job_applications_status_idx").on(t.status, t.appliedAt.desc().nullsFirst()),
    index("job_applications_kind_idx").on(t.kind, t.appliedAt.desc().nullsFirst()),
    index("job_applications_job_idx").on(t.jobId),
    index("job_applications_program_idx").on(t.programId),
    // "My applicants": one staff member's applications, newest first.
    index("job_applications_owner_idx").on(t.ownerId, t.appliedAt.desc().nullsFirst()),
    trigramIndex("job_applications_applied_for_search_trgm_idx", t.appliedForSearch),
    // A day's interviews set by staff (the interviews page, the day-before reminders).
    index("job_applications_interview_date_idx")
      .on(t.interviewDate)
      .where(sql`status = 'interview_scheduled'`),
    check(
      "job_applications_kind_target",
      sql`(kind = 'job' and job_id is not null and program_id is null and intake is null) or (kind = 'program' and program_id is not null and intake is not null and job_id is null)`,
    ),
  ],
);

/**
 * Interview times staff publish for a job or a program (decision record 24): an applicant at the
 * interview stage books one of them; `capacity` applicants may book the same slot.
 */
export const interviewSlots = pgTable(
  "interview_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    programId: uuid("program_id").references(() => programs.id, { onDelete: "cascade" }),
    startsAt: ts("starts_at").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    // An address or a video-call link.
    location: text("location").notNull(),
    capacity: integer("capacity").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("interview_slots_starts_at_idx").on(t.startsAt),
    index("interview_slots_job_idx").on(t.jobId, t.startsAt),
    index("interview_slots_program_idx").on(t.programId, t.startsAt),
    check("interview_slots_one_target", sql`(job_id is null) <> (program_id is null)`),
    check("interview_slots_capacity_positive", sql`capacity >= 1`),
    check("interview_slots_duration", sql`duration_minutes between 5 and 480`),
  ],
);

/** An application's booked slot: one per application; a slot holds at most its capacity. */
export const interviewBookings = pgTable(
  "interview_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => interviewSlots.id, { onDelete: "restrict" }),
    applicationId: uuid("application_id")
      .notNull()
      .unique()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    bookedAt: ts("booked_at").notNull().defaultNow(),
  },
  (t) => [index("interview_bookings_slot_idx").on(t.slotId)],
);

/**
 * Exact counts the staff cards show on every page load, kept current by triggers on the counted
 * tables (migration 0005) in the same transaction as the change, so reading them costs one small
 * index lookup instead of counting 100,000 rows. Keys: `applications:<status>`, `profiles:paid`.
 */
export const recordCounts = pgTable("record_counts", {
  key: text("key").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});

export const applicationStatusHistory = pgTable(
  "application_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    fromStatus: applicationStatusEnum("from_status"),
    toStatus: applicationStatusEnum("to_status").notNull(),
    changedBy: text("changed_by").references(() => profiles.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("application_status_history_app_idx").on(t.applicationId, t.createdAt)],
);

// ── Documents and payments ────────────────────────────────────────────────────────────────────
/**
 * The kinds of document applicants are asked for (decision record 40), kept by admins:
 * name and guidance per language ({ en, fr, pt }), the formats a file may be in, how long it is
 * valid, whether it is special personal information and whether a certified copy is asked for.
 * Never deleted while documents point at it: retired (active = false).
 */
export const documentTypes = pgTable("document_types", {
  key: text("key").primaryKey(),
  names: jsonb("names").$type<Record<(typeof LANGUAGES)[number], string>>().notNull(),
  guidance: jsonb("guidance").$type<Record<(typeof LANGUAGES)[number], string>>().notNull(),
  formats: text("formats").array().notNull(),
  expires: boolean("expires").notNull().default(false),
  validityMonths: integer("validity_months"),
  sensitive: boolean("sensitive").notNull().default(false),
  certifiedCopy: boolean("certified_copy").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  updatedBy: text("updated_by").references(() => profiles.id, { onDelete: "set null" }),
  // Bumped by the database on every change (migration 0040): an edit names the version it was
  // made on and is refused if the row has changed since (decision record 37).
  version: integer("version").notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    documentType: text("document_type")
      .notNull()
      .references(() => documentTypes.key, { onDelete: "restrict", onUpdate: "cascade" }),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    fileSize: integer("file_size").notNull(),
    contentType: text("content_type").notNull(),
    status: documentStatusEnum("status").notNull().default("pending"),
    reviewReason: text("review_reason"),
    reviewedBy: text("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    uploadedAt: ts("uploaded_at").notNull().defaultNow(),
    // The dates printed on it, as the applicant typed them and staff confirmed or corrected them
    // when verifying: how long it can be used (with its type's validity months).
    issuedOn: date("issued_on", { mode: "string" }),
    expiresOn: date("expires_on", { mode: "string" }),
    // Special personal information (a sensitive type, decision record 49): the applicant's explicit
    // consent to keeping it, as the words they agreed to in the language they read them in.
    consentAt: ts("consent_at"),
    consentLanguage: text("consent_language"),
    consentText: text("consent_text"),
  },
  (t) => [
    index("documents_user_type_idx").on(t.userId, t.documentType, t.uploadedAt.desc().nullsFirst()),
  ],
);

/**
 * Certified copies (decision record 50): each PDF copy of a verified document staff downloaded,
 * stamped with who verified it and when, and a reference anyone checks on /verify. What the stamp
 * says is kept as it was printed; the file itself is not kept, only its SHA-256.
 */
export const certifiedCopies = pgTable(
  "certified_copies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    issuedBy: text("issued_by").references(() => profiles.id, { onDelete: "set null" }),
    issuedAt: ts("issued_at").notNull().defaultNow(),
    verifiedAt: ts("verified_at").notNull(),
    verifierName: text("verifier_name").notNull(),
    applicantInitials: text("applicant_initials").notNull(),
    sha256: text("sha256").notNull(),
  },
  (t) => [index("certified_copies_document_idx").on(t.documentId)],
);

/**
 * Every time a staff member was shown a sensitive document's details or received its file
 * (decision record 49): one row each, written in the request that showed or sent it. The
 * applicant reads who, which document and when on their profile.
 */
export const sensitiveDocumentAccess = pgTable(
  "sensitive_document_access",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Kept when the upload itself goes (a pending one replaced): the row still says which type.
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    applicantId: text("applicant_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    staffId: text("staff_id").references(() => profiles.id, { onDelete: "set null" }),
    staffRole: text("staff_role").notNull(),
    documentType: text("document_type").notNull(),
    kind: text("kind", { enum: ["view", "download"] }).notNull(),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [
    index("sensitive_document_access_applicant_idx").on(
      t.applicantId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Checklist rules (decision record 44): a destination ("" = any) and path (a job's sector or a
 * program's level, "" = any) need a document type, mandatory or not. An application's checklist
 * is every rule that matches it plus its job's or program's own `required_documents`.
 */
export const documentChecklistRules = pgTable(
  "document_checklist_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    destination: text("destination").notNull().default(""),
    kind: applicationKindEnum("kind").notNull(),
    path: text("path").notNull().default(""),
    documentType: text("document_type")
      .notNull()
      .references(() => documentTypes.key, { onDelete: "restrict", onUpdate: "cascade" }),
    mandatory: boolean("mandatory").notNull().default(true),
    updatedBy: text("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0040): an edit names the version it was
    // made on and is refused if the row has changed since (decision record 37).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("document_checklist_rules_key").on(t.destination, t.kind, t.path, t.documentType),
  ],
);

/**
 * The expiry reminders sent for a document: one row per document and threshold (60, 30, 7 days),
 * inserted before the mail is queued, so however many processes run the round, each goes once.
 */
export const documentExpiryReminders = pgTable(
  "document_expiry_reminders",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    // The last valid day it was sent for: a corrected date makes a new reminder due.
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.daysBefore, t.validUntil] })],
);

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    paymentMethod: text("payment_method").notNull(),
    provider: paymentProviderEnum("provider").notNull(),
    // Unique: a replayed webhook or a second verify can never record the same payment twice.
    paymentReference: text("payment_reference").notNull().unique(),
    status: paymentStatusEnum("status").notNull().default("pending"),
    paymentDate: ts("payment_date"),
    recordedBy: text("recorded_by").references(() => profiles.id, { onDelete: "set null" }),
    // R-<year>-<n>: given to every completed payment, gapless per year (receipt_counters).
    receiptNumber: text("receipt_number").unique(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // The staff payments list: newest first, filtered by provider and status.
    index("payments_created_idx").on(t.createdAt.desc(), t.id),
  ],
);

// Ethical-recruitment restrictions (decision record 35 part 2): jobs of a
// destination ("" = any) and sector (null = any) are not advertised to residents of a country.
export const recruitmentRestrictions = pgTable(
  "recruitment_restrictions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    destination: text("destination").notNull().default(""),
    sector: sectorEnum("sector"),
    residence: text("residence").notNull(),
    explanation: text("explanation").notNull(),
    // The same explanation in French and Portuguese; empty: the English one is shown.
    explanationFr: text("explanation_fr").notNull().default(""),
    explanationPt: text("explanation_pt").notNull().default(""),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    // Bumped by the database on every change (migration 0040): an edit names the version it was
    // made on and is refused if the row has changed since (decision record 37).
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per (destination, sector, residence); "any sector" (null) counts as one value.
    unique("recruitment_restrictions_match_key")
      .on(t.destination, t.sector, t.residence)
      .nullsNotDistinct(),
  ],
);

// Fee policies (decision record 33): per office, optionally per destination country
// ("" = any) and path ("" = any); the most specific applies (domain/fee-policy.ts). Every edit
// bumps `version`, which a cost sheet confirmation names.
export const feeKindEnum = pgEnum("fee_kind", FEE_KINDS);
export const feePolicies = pgTable(
  "fee_policies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    office: text("office").notNull(),
    destination: text("destination").notNull().default(""),
    path: text("path").notNull().default(""),
    kind: feeKindEnum("kind").notNull(),
    amountMinor: integer("amount_minor"),
    currency: text("currency"),
    successBasisPoints: integer("success_basis_points"),
    covers: text("covers").notNull().default(""),
    excludes: text("excludes").notNull().default(""),
    othersPay: text("others_pay").notNull().default(""),
    refundRule: text("refund_rule").notNull().default(""),
    legalBasis: text("legal_basis").notNull().default(""),
    // The outcomes its refund rule names (statuses, no offer within N days): each gives staff one
    // refund to-do (staff_todos).
    refundOutcomes: jsonb("refund_outcomes")
      .$type<RefundOutcomes>()
      .notNull()
      .default(sql`'{"statuses":[],"noOfferDays":null}'::jsonb`),
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    // Apart from `version` (the cost sheet's, which a refund outcome alone does not move): bumped
    // by the database on every change (migration 0040), so an edit made on an older one is
    // refused (decision record 37).
    editVersion: integer("edit_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("fee_policies_match_key").on(t.office, t.destination, t.path)],
);

/**
 * An applicant's confirmation of a written cost sheet: the policy and version they read, with the
 * sheet itself as shown. A fee is charged only under a confirmation of the policy's current
 * version (startRegistrationPayment); the receipt prints it.
 */
export const costSheetConfirmations = pgTable(
  "cost_sheet_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    policyId: uuid("policy_id").references(() => feePolicies.id, { onDelete: "set null" }),
    policyVersion: integer("policy_version").notNull(),
    kind: feeKindEnum("kind").notNull(),
    amountMinor: integer("amount_minor"),
    currency: text("currency"),
    sheet: jsonb("sheet").$type<Record<string, unknown>>().notNull(),
    confirmedAt: ts("confirmed_at").notNull().defaultNow(),
  },
  (t) => [index("cost_sheet_confirmations_user_idx").on(t.userId, t.confirmedAt.desc())],
);

/**
 * Staff's to-dos (decision record 35): today one kind, a refund a fee policy's
 * rule promises, opened when an application reaches an outcome the rule names. One per payment
 * (the unique key): a status set twice, or in parallel, or two outcomes, still give one to-do.
 * Staff see those of their offices' applicants (the applicant's office), and close one by
 * recording the refund.
 */
export const staffTodoKindEnum = pgEnum("staff_todo_kind", ["refund"]);
export const staffTodos = pgTable(
  "staff_todos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: staffTodoKindEnum("kind").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id").references(() => jobApplications.id, {
      onDelete: "set null",
    }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** Which outcome opened it: "status:visa_refused", "noOffer:180". */
    outcome: text("outcome").notNull(),
    policyId: uuid("policy_id").references(() => feePolicies.id, { onDelete: "set null" }),
    policyVersion: integer("policy_version"),
    /** A refund being asked of the provider right now (outside any transaction). */
    claimedAt: ts("claimed_at"),
    doneAt: ts("done_at"),
    doneBy: text("done_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_todos_payment_key").on(t.kind, t.paymentId),
    index("staff_todos_open_idx")
      .on(t.createdAt.desc())
      .where(sql`done_at is null`),
  ],
);

/**
 * Tasks staff give an applicant (decision record 51): upload a document of a type, answer a
 * question, acknowledge a text; due on a day. Not staff_todos: those are the agency's own work.
 * `overdue_reminded_at` is set by the one round that tells the applicant it is overdue (the
 * update that sets it selects on it being null, so it is told once whatever processes run).
 */
export const taskKindEnum = pgEnum("task_kind", TASK_KINDS);
export const taskStatusEnum = pgEnum("task_status", TASK_STATUSES);
export const applicantTasks = pgTable(
  "applicant_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicantId: text("applicant_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: taskKindEnum("kind").notNull(),
    title: text("title").notNull(),
    instructions: text("instructions").notNull(),
    /** An upload task's document type. */
    documentType: text("document_type").references(() => documentTypes.key, {
      onDelete: "restrict",
      onUpdate: "cascade",
    }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: taskStatusEnum("status").notNull().default("open"),
    /** A question task's answer, in the applicant's words. */
    answer: text("answer"),
    /** The document an upload task was completed with. */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
    cancelledBy: text("cancelled_by").references(() => profiles.id, { onDelete: "set null" }),
    cancelledAt: ts("cancelled_at"),
    overdueRemindedAt: ts("overdue_reminded_at"),
  },
  (t) => [
    index("applicant_tasks_applicant_idx").on(t.applicantId, t.createdAt.desc()),
    // The overdue round and the owners' queue read the open ones by due day.
    index("applicant_tasks_open_due_idx")
      .on(t.dueOn)
      .where(sql`status = 'open'`),
  ],
);

/** The last receipt number given in each year; its row is locked while a payment takes the next. */
export const receiptCounters = pgTable("receipt_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

// ── Messages and notifications ────────────────────────────────────────────────────────────────

// One conversation per applicant: staff's messages to them alone and theirs to the agency (from
// the dashboard or by replying to an e-mail). Group messages belong to no thread.
export const messageThreads = pgTable(
  "message_threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicantId: text("applicant_id")
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastMessageAt: ts("last_message_at").notNull().defaultNow(),
  },
  (t) => [index("message_threads_last_idx").on(t.lastMessageAt.desc())],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    senderId: text("sender_id").references(() => profiles.id, { onDelete: "set null" }),
    recipientId: text("recipient_id").references(() => profiles.id, { onDelete: "cascade" }),
    recipientGroup: messageGroupEnum("recipient_group"),
    attachmentUrl: text("attachment_url"),
    sentAt: ts("sent_at").notNull().defaultNow(),
    threadId: uuid("thread_id").references(() => messageThreads.id, { onDelete: "cascade" }),
    /** Written by the applicant (on the dashboard, by e-mail, WhatsApp or SMS), not by staff. */
    fromApplicant: boolean("from_applicant").notNull().default(false),
    /**
     * How an applicant's message came when not written on the dashboard: "email" (a reply to one
     * of our e-mails), "whatsapp" or "sms" (a message from their number); null otherwise.
     */
    via: text("via").$type<MessageVia>(),
    /** The provider's id of a message that came by WhatsApp or SMS: one delivered twice lands once. */
    providerMessageId: text("provider_message_id"),
    /** An applicant's message: when staff answered in its thread; null while it waits. */
    answeredAt: ts("answered_at"),
    /** An applicant's attachment: a document they uploaded through the document rules. */
    documentId: uuid("document_id").references(() => documents.id, { onDelete: "set null" }),
  },
  (t) => [
    index("messages_sender_idx").on(t.senderId, t.sentAt.desc().nullsFirst()),
    index("messages_thread_idx").on(t.threadId, t.sentAt),
    index("messages_waiting_idx")
      .on(t.threadId)
      .where(sql`from_applicant and answered_at is null`),
    uniqueIndex("messages_provider_message_idx").on(t.via, t.providerMessageId),
  ],
);

// One row per recipient, fanned out at send time: each person has their own read state.
export const messageRecipients = pgTable(
  "message_recipients",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    readAt: ts("read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index("message_recipients_user_idx").on(t.userId, t.readAt),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: notificationKindEnum("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    readAt: ts("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

// ── Saved jobs and job alerts ─────────────────────────────────────────────────────────────────
// A job an applicant keeps to decide on later; theirs only.
export const savedJobs = pgTable(
  "saved_jobs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    index("saved_jobs_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("saved_jobs_job_idx").on(t.jobId),
  ],
);

// A /jobs search someone asked to be told about. A signed-in applicant's alert has their user id
// and is confirmed at once; a visitor's has only an e-mail and waits for its confirmation link.
// Empty filters match everything; the filters that are set all have to match (AND).
export const jobAlerts = pgTable(
  "job_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => profiles.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    query: text("query"),
    countryCode: text("country_code"),
    sector: sectorEnum("sector"),
    jobType: jobTypeEnum("job_type"),
    frequency: alertFrequencyEnum("frequency").notNull().default("daily"),
    language: languageEnum("language").notNull().default("en"),
    confirmedAt: ts("confirmed_at"),
    pausedAt: ts("paused_at"),
    // When its last e-mail (or digest) went out: the next digest is due a day or a week after.
    lastSentAt: ts("last_sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("job_alerts_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("job_alerts_email_idx").on(t.email),
    // Matching looks only at live alerts, narrowed by the new job's sector and country.
    index("job_alerts_live_sector_idx")
      .on(t.sector, t.countryCode)
      .where(sql`paused_at is null and confirmed_at is not null`),
    // Each round deletes the visitors' alerts left unconfirmed too long.
    index("job_alerts_unconfirmed_idx")
      .on(t.createdAt)
      .where(sql`confirmed_at is null`),
  ],
);

// One row per job found for a person by their alerts: never the same job twice to the same
// recipient (their e-mail, lower-cased, whichever alert matched). sent_at is null until the
// e-mail (instant) or the digest it goes into is written to the outbox.
export const jobAlertDeliveries = pgTable(
  "job_alert_deliveries",
  {
    recipient: text("recipient").notNull(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => jobAlerts.id, { onDelete: "cascade" }),
    // A premium job matched for someone who has not paid: the e-mail shows only a teaser.
    teaser: boolean("teaser").notNull().default(false),
    matchedAt: ts("matched_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    primaryKey({ columns: [t.recipient, t.jobId] }),
    index("job_alert_deliveries_unsent_idx")
      .on(t.alertId)
      .where(sql`sent_at is null`),
  ],
);

// ── Inquiries ─────────────────────────────────────────────────────────────────────────────────
export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    // The language of the page they wrote from: the acknowledgement and replies are in it.
    language: languageEnum("language").notNull().default("en"),
    status: contactInquiryStatusEnum("status").notNull().default("pending"),
    assignedTo: text("assigned_to").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
    resolvedAt: ts("resolved_at"),
  },
  (t) => [
    index("contact_inquiries_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // The unfiltered admin list, newest first.
    index("contact_inquiries_created_at_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Staff search by any part of name, e-mail or subject.
    trigramIndex("contact_inquiries_name_trgm_idx", t.name),
    trigramIndex("contact_inquiries_email_trgm_idx", t.email),
    trigramIndex("contact_inquiries_subject_trgm_idx", t.subject),
  ],
);

export const contactInquiryReplies = pgTable(
  "contact_inquiry_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => contactInquiries.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_inquiry_replies_inquiry_idx").on(t.inquiryId, t.createdAt)],
);

export const outsourcingInquiries = pgTable(
  "outsourcing_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    email: text("email").notNull(),
    services: text("services").array().notNull(),
    budget: text("budget"),
    message: text("message"),
    language: languageEnum("language").notNull().default("en"),
    status: outsourcingInquiryStatusEnum("status").notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("outsourcing_inquiries_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // The unfiltered admin list, newest first.
    index("outsourcing_inquiries_created_at_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    trigramIndex("outsourcing_inquiries_name_trgm_idx", t.name),
    trigramIndex("outsourcing_inquiries_company_trgm_idx", t.company),
    trigramIndex("outsourcing_inquiries_email_trgm_idx", t.email),
  ],
);

// Staff replies to a quote request, e-mailed to the business (like contact replies).
export const outsourcingInquiryReplies = pgTable(
  "outsourcing_inquiry_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => outsourcingInquiries.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outsourcing_inquiry_replies_inquiry_idx").on(t.inquiryId, t.createdAt)],
);

// Complaints (decision record 31): the inbox's third kind. Anyone may file one, signed
// in or not, and follow it by its reference; a scam report from /verify is one of category
// "impersonation". Staff own, answer and resolve it before due_at; past it, super admins are told
// once (escalated_at).
export const complaintCategoryEnum = pgEnum("complaint_category", COMPLAINT_CATEGORIES);
export const complaintStatusEnum = pgEnum("complaint_status", COMPLAINT_STATUSES);

export const complaints = pgTable(
  "complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    category: complaintCategoryEnum("category").notNull(),
    // All optional: a complaint may be anonymous (then it is followed by its reference only).
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    message: text("message").notNull(),
    // A scam report's number, address or name that claimed to be the agency.
    reportedContact: text("reported_contact"),
    // The applicant who filed it while signed in, if any.
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    language: languageEnum("language").notNull().default("en"),
    status: complaintStatusEnum("status").notNull().default("open"),
    assignedTo: text("assigned_to").references(() => profiles.id, { onDelete: "set null" }),
    dueAt: ts("due_at").notNull(),
    // Bumped by the database on every change (migration 0040): an edit names the version it was
    // made on and is refused if the row has changed since (decision record 37).
    version: integer("version").notNull().default(1),
    escalatedAt: ts("escalated_at"),
    resolvedAt: ts("resolved_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("complaints_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("complaints_created_at_idx").on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The escalation round reads the overdue ones not yet escalated.
    index("complaints_overdue_idx")
      .on(t.dueAt)
      .where(sql`escalated_at is null and status <> 'resolved'`),
    trigramIndex("complaints_name_trgm_idx", t.name),
    trigramIndex("complaints_email_trgm_idx", t.email),
    trigramIndex("complaints_reference_trgm_idx", t.reference),
  ],
);

// Staff replies; `for_complainant` ones are shown to whoever follows the reference (and mailed
// when an address was given), the others are notes among staff.
export const complaintReplies = pgTable(
  "complaint_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => complaints.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    forComplainant: boolean("for_complainant").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("complaint_replies_inquiry_idx").on(t.inquiryId, t.createdAt)],
);

// ── Content ───────────────────────────────────────────────────────────────────────────────────
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt"),
    category: blogCategoryEnum("category").notNull().default("general"),
    // The language the post is written in: its page marks it, and each language's news list
    // shows its own posts first.
    language: languageEnum("language").notNull().default("en"),
    status: blogStatusEnum("status").notNull().default("draft"),
    featuredImageUrl: text("featured_image_url"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    publishedAt: ts("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Bumped by the database on every change (migration 0034): an edit names the version it was
    // made on and is refused if the row has moved since (decision record 37).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("blog_posts_status_idx").on(t.status, t.category, t.publishedAt.desc().nullsFirst()),
  ],
);

// One row, key 'site': validated by SiteSettingsSchema (domain/settings.ts) on every read/write.
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
  // Bumped by the database on every change (migration 0034): an edit names the version it was
  // made on and is refused if the row has moved since (decision record 37).
  version: integer("version").notNull().default(1),
  updatedBy: text("updated_by").references(() => profiles.id, { onDelete: "set null" }),
});

// Small durable flags the app keeps across restarts (e.g. monitoring on/off, demo seeded).
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

// ── Privacy ───────────────────────────────────────────────────────────────────────────────────
export const dataExportStatusEnum = pgEnum("data_export_status", DATA_EXPORT_STATUSES);

// A person's "download my data" archive: built in the background into storage, offered on their
// profile until it expires, then deleted (row and object).
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    status: dataExportStatusEnum("status").notNull().default("preparing"),
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    requestedAt: createdAt(),
    readyAt: ts("ready_at"),
    expiresAt: ts("expires_at"),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.requestedAt.desc().nullsFirst())],
);

// The terms and privacy policy each person accepted, by version (the text's lastUpdated date),
// with when: sign-up records both; a newer version asks signed-in people again.
export const policyAcceptances = pgTable(
  "policy_acceptances",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    policy: text("policy").notNull(),
    version: text("version").notNull(),
    acceptedAt: ts("accepted_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.policy, t.version] })],
);

// ── Audit ─────────────────────────────────────────────────────────────────────────────────────
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst()),
    // One action's entries, newest first: the back office's overpayment banner (every staff page)
    // and the activity log filtered by action, without walking every entry of the period.
    index("audit_log_action_idx").on(
      t.action,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

// ── Mail outbox ───────────────────────────────────────────────────────────────────────────────
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    // Extra headers for the transport (e.g. List-Unsubscribe on alert e-mails).
    headers: jsonb("headers").$type<Record<string, string>>(),
    // Files sent with the mail (an interview's calendar invite), as text.
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    // "email", or a phone channel ("whatsapp", "sms", server/phone): then `to` is an E.164 number,
    // `subject` the notice's title, `text` its body, `headers.link` the page it leads to.
    channel: text("channel").notNull().default("email"),
    // A phone message's id at its provider, and what the provider's receipts said of it since
    // ("delivered", "read", "failed").
    providerMessageId: text("provider_message_id"),
    deliveryState: text("delivery_state"),
    status: mailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_provider_idx").on(t.providerMessageId),
    // A person's phone notices (their applicant page; what their reply answers).
    index("mail_outbox_phone_to_idx")
      .on(t.to, t.createdAt.desc())
      .where(sql`channel <> 'email'`),
  ],
);

// ── Monitoring ────────────────────────────────────────────────────────────────────────────────
export const monitorChecks = pgTable(
  "monitor_checks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    service: text("service").notNull(),
    status: monitorStatusEnum("status").notNull(),
    responseMs: integer("response_ms").notNull(),
    error: text("error"),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [index("monitor_checks_service_idx").on(t.service, t.checkedAt.desc().nullsFirst())],
);

// Daily totals kept after raw checks are pruned, so 30-day uptime survives the roll-up.
export const monitorDailyRollups = pgTable(
  "monitor_daily_rollups",
  {
    service: text("service").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    upCount: integer("up_count").notNull().default(0),
    slowCount: integer("slow_count").notNull().default(0),
    downCount: integer("down_count").notNull().default(0),
    totalResponseMs: bigint("total_response_ms", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.service, t.day] })],
);

export const incidents = pgTable(
  "incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceName: text("service_name").notNull(),
    status: incidentStatusEnum("status").notNull().default("investigating"),
    description: text("description").notNull(),
    createdAt: createdAt(),
    resolvedAt: ts("resolved_at"),
  },
  (t) => [index("incidents_created_at_idx").on(t.createdAt.desc().nullsFirst())],
);

export const incidentNotes = pgTable("incident_notes", {
  id: uuid("id").primaryKey().defaultRandom(),
  incidentId: uuid("incident_id")
    .notNull()
    .references(() => incidents.id, { onDelete: "cascade" }),
  authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

// ── Staff notes and saved views ───────────────────────────────────────────────────────────────
// A note staff write on an application: staff-only, never shown to the applicant.
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("application_notes_app_idx").on(t.applicationId, t.createdAt)],
);

// The colleagues a note mentions: one row each, however often the note names them, so each is
// notified once.
export const applicationNoteMentions = pgTable(
  "application_note_mentions",
  {
    noteId: uuid("note_id")
      .notNull()
      .references(() => applicationNotes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.userId] }),
    index("application_note_mentions_user_idx").on(t.userId),
  ],
);

// A staff member's named filter of the applications list: the list's query string, kept to the
// filters the list understands (domain/saved-views.ts). Theirs only; names unique per person.
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("saved_views_user_name_key").on(t.userId, sql`lower(${t.name})`)],
);
