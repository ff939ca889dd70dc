ALTER TYPE "public"."notification_kind" ADD VALUE 'departure';--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "departure_date" date;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "departure_details" text;