ALTER TYPE "public"."payment_provider" ADD VALUE 'paynow' BEFORE 'manual';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
-- Payments completed before receipts were numbered get theirs, in the order they were paid, per
-- year in the agency's time zone (Africa/Harare, UTC+2 all year); the counters continue from there.
WITH numbered AS (
	SELECT "id",
		extract(year FROM (coalesce("payment_date", "created_at") AT TIME ZONE 'UTC') + interval '2 hours')::int AS "year",
		row_number() OVER (
			PARTITION BY extract(year FROM (coalesce("payment_date", "created_at") AT TIME ZONE 'UTC') + interval '2 hours')
			ORDER BY coalesce("payment_date", "created_at"), "id"
		) AS "n"
	FROM "payments" WHERE "status" = 'completed'
)
UPDATE "payments" SET "receipt_number" = 'R-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered WHERE "payments"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last_number")
SELECT split_part("receipt_number", '-', 2)::int, max(split_part("receipt_number", '-', 3)::int)
FROM "payments" WHERE "receipt_number" IS NOT NULL GROUP BY 1;
