CREATE TYPE "public"."staff_todo_kind" AS ENUM('refund');--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'visa_refused';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'payment_refunded';--> statement-breakpoint
CREATE TABLE "staff_todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "staff_todo_kind" NOT NULL,
	"user_id" text NOT NULL,
	"application_id" uuid,
	"payment_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"policy_id" uuid,
	"policy_version" integer,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"done_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_policies" ADD COLUMN "refund_outcomes" jsonb DEFAULT '{"statuses":[],"noOfferDays":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_todos" ADD CONSTRAINT "staff_todos_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_todos" ADD CONSTRAINT "staff_todos_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_todos" ADD CONSTRAINT "staff_todos_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_todos" ADD CONSTRAINT "staff_todos_policy_id_fee_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."fee_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_todos" ADD CONSTRAINT "staff_todos_done_by_profiles_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_todos_payment_key" ON "staff_todos" USING btree ("kind","payment_id");--> statement-breakpoint
CREATE INDEX "staff_todos_open_idx" ON "staff_todos" USING btree ("created_at" DESC NULLS LAST) WHERE done_at is null;