ALTER TYPE "public"."notification_kind" ADD VALUE 'applicant_activity';--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_owner_idx" ON "job_applications" USING btree ("owner_id","applied_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_owner_idx" ON "profiles" USING btree ("owner_id");