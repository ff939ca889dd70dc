CREATE TYPE "public"."application_kind" AS ENUM('job', 'program');--> statement-breakpoint
CREATE TYPE "public"."field_of_study" AS ENUM('business', 'computing', 'engineering', 'health', 'sciences', 'arts_humanities', 'social_sciences', 'law', 'education', 'hospitality_tourism', 'agriculture', 'languages', 'other');--> statement-breakpoint
CREATE TYPE "public"."program_level" AS ENUM('foundation', 'diploma', 'bachelor', 'master', 'doctorate', 'language_course');--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'documents_submitted';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'submitted_to_university';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'conditional_offer';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'unconditional_offer';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'tuition_deposit_paid';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'study_visa_applied';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'visa_granted';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'transcript';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'motivation_letter';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'recommendation_letter';--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"university" text NOT NULL,
	"city" text NOT NULL,
	"country_id" integer NOT NULL,
	"level" "program_level" NOT NULL,
	"field_of_study" "field_of_study" NOT NULL,
	"duration_months" integer NOT NULL,
	"language_of_instruction" text NOT NULL,
	"tuition_amount" numeric(12, 2) NOT NULL,
	"tuition_currency" text NOT NULL,
	"intakes" date[] DEFAULT '{}'::date[] NOT NULL,
	"application_deadline" date,
	"entry_requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_documents" "document_type"[] DEFAULT '{}'::document_type[] NOT NULL,
	"scholarship" boolean DEFAULT false NOT NULL,
	"scholarship_details" text,
	"description" text NOT NULL,
	"rating" numeric(2, 1),
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || university || ' ' || city)) STORED NOT NULL,
	CONSTRAINT "programs_duration_positive" CHECK (duration_months > 0),
	CONSTRAINT "programs_tuition_not_negative" CHECK (tuition_amount >= 0)
);
--> statement-breakpoint
ALTER TABLE "study_programs" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "study_programs" CASCADE;--> statement-breakpoint
ALTER TABLE "job_applications" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "kind" "application_kind" DEFAULT 'job' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "program_id" uuid;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "intake" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "preferred_field_of_study" "field_of_study";--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programs_listed_idx" ON "programs" USING btree ("created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "programs_listed_country_idx" ON "programs" USING btree ("country_id","created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "programs_listed_level_idx" ON "programs" USING btree ("level","created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "programs_listed_field_idx" ON "programs" USING btree ("field_of_study","created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "programs_created_at_idx" ON "programs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "programs_search_text_trgm_idx" ON "programs" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_user_program_intake_key" ON "job_applications" USING btree ("user_id","program_id","intake");--> statement-breakpoint
CREATE INDEX "job_applications_kind_idx" ON "job_applications" USING btree ("kind","applied_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_applications_program_idx" ON "job_applications" USING btree ("program_id");--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_kind_target" CHECK ((kind = 'job' and job_id is not null and program_id is null and intake is null) or (kind = 'program' and program_id is not null and intake is not null and job_id is null));