CREATE TABLE "record_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below: triggers that keep record_counts exact. Statement triggers with transition
-- tables, so a bulk insert adds one delta per status instead of one upsert per row; keys are
-- written in a fixed order, so two transactions never wait on each other's counters crosswise.
CREATE FUNCTION "count_applications_by_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM record_counts WHERE key LIKE 'applications:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT 'applications:' || status, count(*) FROM new_rows GROUP BY status ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT 'applications:' || status, -count(*) FROM old_rows GROUP BY status ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO record_counts AS c (key, n)
    SELECT 'applications:' || d.status, sum(d.delta) FROM (
      SELECT status, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, -1 AS delta FROM old_rows
    ) d GROUP BY d.status HAVING sum(d.delta) <> 0 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_applications_count_insert" AFTER INSERT ON "job_applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_status();
--> statement-breakpoint
CREATE TRIGGER "job_applications_count_update" AFTER UPDATE ON "job_applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_status();
--> statement-breakpoint
CREATE TRIGGER "job_applications_count_delete" AFTER DELETE ON "job_applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_status();
--> statement-breakpoint
CREATE TRIGGER "job_applications_count_truncate" AFTER TRUNCATE ON "job_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications_by_status();
--> statement-breakpoint
CREATE FUNCTION "count_paid_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM record_counts WHERE key = 'profiles:paid';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT 'profiles:paid', count(*) FROM new_rows WHERE registration_fee_paid HAVING count(*) > 0
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT 'profiles:paid', -count(*) FROM old_rows WHERE registration_fee_paid HAVING count(*) > 0
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO record_counts AS c (key, n)
    SELECT 'profiles:paid', d.delta FROM (
      SELECT (SELECT count(*) FROM new_rows WHERE registration_fee_paid)
           - (SELECT count(*) FROM old_rows WHERE registration_fee_paid) AS delta
    ) d WHERE d.delta <> 0
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_count_insert" AFTER INSERT ON "profiles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_paid_profiles();
--> statement-breakpoint
CREATE TRIGGER "profiles_count_update" AFTER UPDATE ON "profiles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_paid_profiles();
--> statement-breakpoint
CREATE TRIGGER "profiles_count_delete" AFTER DELETE ON "profiles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_paid_profiles();
--> statement-breakpoint
CREATE TRIGGER "profiles_count_truncate" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION count_paid_profiles();
--> statement-breakpoint
-- The counts as they stand (the triggers above already hold the tables against concurrent writes
-- until this migration commits).
INSERT INTO "record_counts" ("key", "n")
SELECT 'applications:' || status, count(*) FROM "job_applications" GROUP BY status
UNION ALL
SELECT 'profiles:paid', count(*) FROM "profiles" WHERE registration_fee_paid;
