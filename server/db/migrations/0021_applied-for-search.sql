ALTER TABLE "job_applications" ADD COLUMN "applied_for_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written below: job_applications.applied_for_search is what the staff search reads of what
-- was applied for (the job's title, or the program's title, university and city; lower-cased),
-- kept by triggers so a search reads one table instead of joining jobs and programs per row.
CREATE FUNCTION "applied_for_search"(p_job uuid, p_program uuid) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT j.title_search FROM jobs j WHERE j.id = p_job),
    (SELECT g.search_text FROM programs g WHERE g.id = p_program),
    '')
$$;
--> statement-breakpoint
CREATE FUNCTION "set_applied_for_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.applied_for_search := applied_for_search(NEW.job_id, NEW.program_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_applications_applied_for_search" BEFORE INSERT OR UPDATE OF job_id, program_id
  ON "job_applications" FOR EACH ROW EXECUTE FUNCTION set_applied_for_search();
--> statement-breakpoint
-- A renamed job or program: its applications are found by what it is called now.
CREATE FUNCTION "refresh_applied_for_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'jobs' THEN
    UPDATE job_applications SET applied_for_search = NEW.title_search WHERE job_id = NEW.id;
  ELSE
    UPDATE job_applications SET applied_for_search = NEW.search_text WHERE program_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_applied_for_search" AFTER UPDATE OF title ON "jobs"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION refresh_applied_for_search();
--> statement-breakpoint
CREATE TRIGGER "programs_applied_for_search" AFTER UPDATE OF title, university, city ON "programs"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION refresh_applied_for_search();
--> statement-breakpoint
UPDATE "job_applications" SET "applied_for_search" = applied_for_search(job_id, program_id);
--> statement-breakpoint
CREATE INDEX "job_applications_applied_for_search_trgm_idx" ON "job_applications" USING gin ("applied_for_search" gin_trgm_ops) WITH (fastupdate=false);
