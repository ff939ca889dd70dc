-- One version per thing a cached value may depend on (server/cache/cached.server.ts), kept in
-- record_counts under 'version:<name>' and moved by statement-level triggers inside the changing
-- transaction: a change made by the app, by psql, by a restore script or by another process moves
-- it exactly when the change becomes visible. The new number is at least the current time in
-- milliseconds, so a database restored in place (with older numbers) never meets a number it had
-- before: a value cached before the restore cannot pass for current.
CREATE FUNCTION "bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts AS c (key, n)
  VALUES ('version:' || TG_ARGV[0], (extract(epoch from clock_timestamp()) * 1000)::bigint)
  ON CONFLICT (key) DO UPDATE SET n = greatest(c.n + 1, excluded.n);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['jobs', 'programs', 'blog_posts', 'site_settings', 'fee_policies', 'countries', 'employers'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_version(%L)', t || '_version', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_version(%L)', t || '_version_truncate', t, t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Public pages show a post's author by name: only a name change (or a deleted person) counts.
CREATE TRIGGER "profiles_name_version" AFTER UPDATE OF full_name OR DELETE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_version('profile_names');
--> statement-breakpoint
-- The staff applications search (migration 0026) becomes one of these versions: its triggers
-- (job_applications, and people's name, e-mail or office) stay as they are, numbered the same way.
CREATE OR REPLACE FUNCTION "count_application_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts AS c (key, n)
  VALUES ('version:application_search', (extract(epoch from clock_timestamp()) * 1000)::bigint)
  ON CONFLICT (key) DO UPDATE SET n = greatest(c.n + 1, excluded.n);
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM "record_counts" WHERE "key" = 'application_search:changes';
