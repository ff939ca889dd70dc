CREATE INDEX "jobs_staff_list_idx" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE archived_at is null;--> statement-breakpoint
-- Hand-written below: record_counts also keeps the jobs that are not archived ('jobs:open'), and
-- of them the active, the public and the paid-only ones, so the staff cards and the staff list's
-- total are read, not counted over every job. Writes to jobs wait until this migration commits:
-- the counts below and the triggers that keep them start from the same rows.
LOCK TABLE "jobs" IN SHARE MODE;
--> statement-breakpoint
CREATE FUNCTION "count_open_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM record_counts WHERE key LIKE 'jobs:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT k.key, count(*) FROM new_rows d,
      LATERAL (VALUES ('jobs:open', true), ('jobs:open:active', d.is_active),
        ('jobs:open:paid_only', NOT d.is_public), ('jobs:open:public', d.is_public)) k(key, counted)
    WHERE d.archived_at IS NULL AND k.counted
    GROUP BY k.key ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT k.key, -count(*) FROM old_rows d,
      LATERAL (VALUES ('jobs:open', true), ('jobs:open:active', d.is_active),
        ('jobs:open:paid_only', NOT d.is_public), ('jobs:open:public', d.is_public)) k(key, counted)
    WHERE d.archived_at IS NULL AND k.counted
    GROUP BY k.key ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO record_counts AS c (key, n)
    SELECT k.key, sum(d.delta) FROM (
      SELECT is_active, is_public, 1 AS delta FROM new_rows WHERE archived_at IS NULL
      UNION ALL
      SELECT is_active, is_public, -1 AS delta FROM old_rows WHERE archived_at IS NULL
    ) d,
      LATERAL (VALUES ('jobs:open', true), ('jobs:open:active', d.is_active),
        ('jobs:open:paid_only', NOT d.is_public), ('jobs:open:public', d.is_public)) k(key, counted)
    WHERE k.counted
    GROUP BY k.key HAVING sum(d.delta) <> 0 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_count_insert" AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_open_jobs();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_open_jobs();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_delete" AFTER DELETE ON "jobs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_open_jobs();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_truncate" AFTER TRUNCATE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION count_open_jobs();
--> statement-breakpoint
INSERT INTO "record_counts" ("key", "n")
SELECT 'jobs:open', count(*) FROM "jobs" WHERE archived_at IS NULL
UNION ALL
SELECT 'jobs:open:active', count(*) FROM "jobs" WHERE archived_at IS NULL AND is_active
UNION ALL
SELECT 'jobs:open:paid_only', count(*) FROM "jobs" WHERE archived_at IS NULL AND NOT is_public
UNION ALL
SELECT 'jobs:open:public', count(*) FROM "jobs" WHERE archived_at IS NULL AND is_public;
