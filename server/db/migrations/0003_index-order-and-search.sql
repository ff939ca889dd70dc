DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "blog_posts_status_idx";--> statement-breakpoint
DROP INDEX "contact_inquiries_status_idx";--> statement-breakpoint
DROP INDEX "documents_user_type_idx";--> statement-breakpoint
DROP INDEX "incidents_created_at_idx";--> statement-breakpoint
DROP INDEX "job_applications_applied_at_idx";--> statement-breakpoint
DROP INDEX "job_applications_status_idx";--> statement-breakpoint
DROP INDEX "messages_sender_idx";--> statement-breakpoint
DROP INDEX "monitor_checks_service_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "outsourcing_inquiries_status_idx";--> statement-breakpoint
DROP INDEX "payments_user_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
CREATE INDEX "contact_inquiries_name_trgm_idx" ON "contact_inquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_inquiries_email_trgm_idx" ON "contact_inquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_inquiries_subject_trgm_idx" ON "contact_inquiries" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_name_trgm_idx" ON "outsourcing_inquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_company_trgm_idx" ON "outsourcing_inquiries" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_email_trgm_idx" ON "outsourcing_inquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_status_idx" ON "blog_posts" USING btree ("status","category","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_inquiries_status_idx" ON "contact_inquiries" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_user_type_idx" ON "documents" USING btree ("user_id","document_type","uploaded_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "incidents_created_at_idx" ON "incidents" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_applications_applied_at_idx" ON "job_applications" USING btree ("applied_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_applications_status_idx" ON "job_applications" USING btree ("status","applied_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","sent_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "monitor_checks_service_idx" ON "monitor_checks" USING btree ("service","checked_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outsourcing_inquiries_status_idx" ON "outsourcing_inquiries" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);