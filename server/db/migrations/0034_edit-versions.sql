ALTER TABLE "blog_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outsourcing_inquiries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written below (decision record 37): the database bumps an edited row's version, whoever
-- writes it, so an edit made on an older version (compared in its UPDATE's WHERE) is refused.
-- Applications and profiles count only what people edit: a reminder sent, an invitation stamped,
-- the search copy or a retention warning is not a change anyone made to them. Named apart from
-- migration 0031's bump_version and <table>_version triggers (the cache's table versions, decision
-- record 11): those count a table's changes, these one row's.
CREATE FUNCTION "bump_row_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_applications_row_version" BEFORE UPDATE OF status, intake, interview_date,
  interview_location, notes, admin_comments, departure_date, departure_details, owner_id, job_id,
  program_id ON "job_applications" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "profiles_row_version" BEFORE UPDATE OF full_name, email, phone_number,
  whatsapp_number, country, preferred_country_code, preferred_sector, preferred_field_of_study,
  role, registration_fee_paid, email_notifications, marketing_emails, erased_at, owner_id, office,
  extra_offices, listed_on_verify ON "profiles" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "jobs_row_version" BEFORE UPDATE ON "jobs" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "programs_row_version" BEFORE UPDATE ON "programs" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "contact_inquiries_row_version" BEFORE UPDATE ON "contact_inquiries" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "outsourcing_inquiries_row_version" BEFORE UPDATE ON "outsourcing_inquiries" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_row_version" BEFORE UPDATE ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "site_settings_row_version" BEFORE UPDATE ON "site_settings" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
