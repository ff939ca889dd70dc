CREATE TYPE "public"."fee_kind" AS ENUM('none', 'registration', 'success', 'employer');--> statement-breakpoint
CREATE TABLE "cost_sheet_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"policy_id" uuid,
	"policy_version" integer NOT NULL,
	"kind" "fee_kind" NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"sheet" jsonb NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office" text NOT NULL,
	"destination" text DEFAULT '' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"kind" "fee_kind" NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"success_basis_points" integer,
	"covers" text DEFAULT '' NOT NULL,
	"excludes" text DEFAULT '' NOT NULL,
	"others_pay" text DEFAULT '' NOT NULL,
	"refund_rule" text DEFAULT '' NOT NULL,
	"legal_basis" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cost_sheet_confirmations" ADD CONSTRAINT "cost_sheet_confirmations_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_sheet_confirmations" ADD CONSTRAINT "cost_sheet_confirmations_policy_id_fee_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."fee_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_policies" ADD CONSTRAINT "fee_policies_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_sheet_confirmations_user_idx" ON "cost_sheet_confirmations" USING btree ("user_id","confirmed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fee_policies_match_key" ON "fee_policies" USING btree ("office","destination","path");--> statement-breakpoint
-- The seeded policies (product decisions, third release): Harare charges the spec's registration
-- fee (no amount of its own: the site settings' registration fee, 99 USD); Midrand charges
-- applicants nothing (Employment Services Act s15).
INSERT INTO "fee_policies" ("office", "kind", "amount_minor", "currency", "covers", "excludes", "others_pay", "refund_rule", "legal_basis") VALUES
('Harare', 'registration', NULL, NULL,
 'Our work on your file: checking your documents, matching you to jobs and study programs, preparing you for interviews and guiding your visa application.',
 'Visa, passport, medical and police-clearance fees; certified translations; travel and accommodation. It does not guarantee a job offer or a visa.',
 'Employers pay us for recruiting. Embassies, clinics and translators charge you their own fees directly.',
 'The registration fee is a one-time, non-refundable payment. It covers our work on your file and does not guarantee a job offer or a visa.',
 'Charged under the agency''s registration as an employment agency in Zimbabwe (see Registrations on every page); fees to work-seekers in Zimbabwe are governed by SI 223 of 2023.'),
('Midrand', 'none', NULL, NULL,
 'Everything we do for you: checking your documents, matching you to jobs and study programs, interview preparation and visa guidance.',
 'Visa, passport, medical and police-clearance fees; certified translations; travel and accommodation.',
 'Employers pay us for recruiting. Embassies, clinics and translators charge you their own fees directly.',
 'Nothing to refund: you pay us nothing.',
 'South Africa, Employment Services Act 4 of 2014, section 15: a private employment agency may not charge a work-seeker any fee.');
