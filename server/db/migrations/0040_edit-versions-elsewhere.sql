ALTER TABLE "complaints" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_checklist_rules" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "document_checklist_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_types" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_policies" ADD COLUMN "edit_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "recruitment_restrictions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written below (decision record 37, as migration 0034): the database bumps the version of
-- every row staff edit here, whoever writes it, so an edit made on an older version is refused.
-- A fee policy's `version` is its cost sheet's (a refund outcome alone keeps it, decision record
-- 35), so its edits are counted apart, in `edit_version`.
CREATE FUNCTION "bump_edit_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.edit_version := OLD.edit_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_policies_row_version" BEFORE UPDATE ON "fee_policies" FOR EACH ROW EXECUTE FUNCTION bump_edit_version();
--> statement-breakpoint
CREATE TRIGGER "complaints_row_version" BEFORE UPDATE ON "complaints" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "employers_row_version" BEFORE UPDATE ON "employers" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "document_types_row_version" BEFORE UPDATE ON "document_types" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "document_checklist_rules_row_version" BEFORE UPDATE ON "document_checklist_rules" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER "recruitment_restrictions_row_version" BEFORE UPDATE ON "recruitment_restrictions" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
