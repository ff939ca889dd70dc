-- record_counts also keeps applications per kind and status ('applications_by_kind:<kind>:<status>'),
-- so the pipeline board's column totals are read, not counted over every application of a kind.
-- Writes to job_applications wait until this migration commits: the counts below and the
-- trigger that keeps them start from the same rows.
LOCK TABLE "job_applications" IN SHARE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_applications_by_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM record_counts WHERE key LIKE 'applications:%' OR key LIKE 'applications\_by\_kind:%';
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT k.key, count(*) FROM new_rows r,
      LATERAL (VALUES ('applications:' || r.status), ('applications_by_kind:' || r.kind || ':' || r.status)) k(key)
    GROUP BY k.key ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO record_counts AS c (key, n)
    SELECT k.key, -count(*) FROM old_rows r,
      LATERAL (VALUES ('applications:' || r.status), ('applications_by_kind:' || r.kind || ':' || r.status)) k(key)
    GROUP BY k.key ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO record_counts AS c (key, n)
    SELECT k.key, sum(d.delta) FROM (
      SELECT status, kind, 1 AS delta FROM new_rows
      UNION ALL
      SELECT status, kind, -1 AS delta FROM old_rows
    ) d,
      LATERAL (VALUES ('applications:' || d.status), ('applications_by_kind:' || d.kind || ':' || d.status)) k(key)
    GROUP BY k.key HAVING sum(d.delta) <> 0 ORDER BY 1
    ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "record_counts" ("key", "n")
SELECT 'applications_by_kind:' || kind || ':' || status, count(*) FROM "job_applications" GROUP BY kind, status;
