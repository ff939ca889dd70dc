CREATE TABLE "interview_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_bookings_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "interview_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"program_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_slots_one_target" CHECK ((job_id is null) <> (program_id is null)),
	CONSTRAINT "interview_slots_capacity_positive" CHECK (capacity >= 1),
	CONSTRAINT "interview_slots_duration" CHECK (duration_minutes between 5 and 480)
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "interview_reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "interview_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "interview_bookings" ADD CONSTRAINT "interview_bookings_slot_id_interview_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."interview_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_bookings" ADD CONSTRAINT "interview_bookings_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_bookings_slot_idx" ON "interview_bookings" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "interview_slots_starts_at_idx" ON "interview_slots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "interview_slots_job_idx" ON "interview_slots" USING btree ("job_id","starts_at");--> statement-breakpoint
CREATE INDEX "interview_slots_program_idx" ON "interview_slots" USING btree ("program_id","starts_at");