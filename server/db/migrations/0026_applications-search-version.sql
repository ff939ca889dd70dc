-- record_counts also counts the changes to what the staff applications search reads
-- ('application_search:changes'): every statement that writes job_applications, and every update of
-- an applicant's name, e-mail or office (the search matches people by name and e-mail, and the
-- office scope by office). A job's or program's new title reaches the applications through
-- refresh_applied_for_search (migration 0021), an update of job_applications, so it counts too.
-- The app keeps a search's count and page of ids under the number it read before searching
-- (server/applications/search-cache.server.ts): any committed change gives later searches a new
-- number, and so a fresh count. The number moves inside the changing transaction, so readers see
-- the new number exactly when they can see the change.
-- The triggers on job_applications are named to sort before job_applications_count_*: a statement
-- takes this row's lock before any count's, so writers of applications queue here first and never
-- hold each other's counts crosswise.
CREATE FUNCTION "count_application_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_counts AS c (key, n) VALUES ('application_search:changes', 1)
  ON CONFLICT (key) DO UPDATE SET n = c.n + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_applications_changes" AFTER INSERT OR UPDATE OR DELETE ON "job_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_search_change();
--> statement-breakpoint
CREATE TRIGGER "job_applications_changes_truncate" AFTER TRUNCATE ON "job_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_search_change();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_change" AFTER UPDATE OF full_name, email, office ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION count_application_search_change();
--> statement-breakpoint
INSERT INTO "record_counts" ("key", "n") VALUES ('application_search:changes', 1)
ON CONFLICT ("key") DO NOTHING;
