CREATE TYPE "public"."task_kind" AS ENUM('upload', 'answer', 'acknowledge');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('open', 'done', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'task_assigned';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'task_overdue';--> statement-breakpoint
CREATE TABLE "applicant_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" text NOT NULL,
	"kind" "task_kind" NOT NULL,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"document_type" text,
	"due_on" date NOT NULL,
	"status" "task_status" DEFAULT 'open' NOT NULL,
	"answer" text,
	"document_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"overdue_reminded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applicant_tasks" ADD CONSTRAINT "applicant_tasks_applicant_id_profiles_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tasks" ADD CONSTRAINT "applicant_tasks_document_type_document_types_key_fk" FOREIGN KEY ("document_type") REFERENCES "public"."document_types"("key") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "applicant_tasks" ADD CONSTRAINT "applicant_tasks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tasks" ADD CONSTRAINT "applicant_tasks_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tasks" ADD CONSTRAINT "applicant_tasks_cancelled_by_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_tasks_applicant_idx" ON "applicant_tasks" USING btree ("applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applicant_tasks_open_due_idx" ON "applicant_tasks" USING btree ("due_on") WHERE status = 'open';