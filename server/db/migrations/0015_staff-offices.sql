ALTER TABLE "profiles" ADD COLUMN "office" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "extra_offices" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_office_idx" ON "profiles" USING btree ("office");--> statement-breakpoint
-- Everyone already here gets the office in their country (the settings' offices, else the
-- default ones); nobody matched keeps none, which counts as the first office.
UPDATE "profiles" p SET "office" = (
  SELECT o->>'city'
  FROM jsonb_array_elements(coalesce(
    (SELECT s."value"->'offices' FROM "site_settings" s WHERE s."key" = 'site'),
    '[{"city":"Harare","country":"Zimbabwe"},{"city":"Midrand","country":"South Africa"}]'::jsonb
  )) o
  WHERE lower(trim(o->>'country')) = lower(trim(p."country"))
  LIMIT 1
) WHERE p."office" IS NULL;
