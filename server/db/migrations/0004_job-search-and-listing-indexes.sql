DROP INDEX "jobs_listing_idx";--> statement-breakpoint
DROP INDEX "jobs_sector_idx";--> statement-breakpoint
DROP INDEX "jobs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "jobs_description_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_inquiries_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_inquiries_email_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_inquiries_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "outsourcing_inquiries_name_trgm_idx";--> statement-breakpoint
DROP INDEX "outsourcing_inquiries_company_trgm_idx";--> statement-breakpoint
DROP INDEX "outsourcing_inquiries_email_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "title_search" text GENERATED ALWAYS AS (lower(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "description_search" text GENERATED ALWAYS AS (lower(description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_listed_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "jobs_listed_sector_idx" ON "jobs" USING btree ("sector","created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "jobs_listed_country_idx" ON "jobs" USING btree ("country_id","created_at" DESC NULLS LAST,"id") WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "jobs_title_search_trgm_idx" ON "jobs" USING gin ("title_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "jobs_description_search_trgm_idx" ON "jobs" USING gin ("description_search" gin_trgm_ops) WITH (fastupdate=false) WHERE is_active and archived_at is null;--> statement-breakpoint
CREATE INDEX "contact_inquiries_name_trgm_idx" ON "contact_inquiries" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_inquiries_email_trgm_idx" ON "contact_inquiries" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_inquiries_subject_trgm_idx" ON "contact_inquiries" USING gin ("subject" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_name_trgm_idx" ON "outsourcing_inquiries" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_company_trgm_idx" ON "outsourcing_inquiries" USING gin ("company" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_email_trgm_idx" ON "outsourcing_inquiries" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);