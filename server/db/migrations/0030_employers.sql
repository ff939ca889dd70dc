CREATE TABLE "employer_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"position" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country_id" integer,
	"sector" "sector",
	"registration_number" text,
	"website" text,
	"notes" text DEFAULT '' NOT NULL,
	"office" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(registration_number, ''))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "employer_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "employer_shown_as" text;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "employer_id" uuid;--> statement-breakpoint
ALTER TABLE "employer_contacts" ADD CONSTRAINT "employer_contacts_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_verified_by_profiles_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_contacts_email_key" ON "employer_contacts" USING btree ("employer_id","email");--> statement-breakpoint
CREATE INDEX "employers_office_idx" ON "employers" USING btree ("office","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "employers_search_idx" ON "employers" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_employer_idx" ON "jobs" USING btree ("employer_id") WHERE employer_id is not null;