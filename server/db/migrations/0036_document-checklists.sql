ALTER TYPE "public"."notification_kind" ADD VALUE 'document_expiring';--> statement-breakpoint
CREATE TABLE "document_checklist_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"destination" text DEFAULT '' NOT NULL,
	"kind" "application_kind" NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"document_type" text NOT NULL,
	"mandatory" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_expiry_reminders" (
	"document_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"valid_until" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_expiry_reminders_document_id_days_before_valid_until_pk" PRIMARY KEY("document_id","days_before","valid_until")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issued_on" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "required_documents" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "document_checklist_rules" ADD CONSTRAINT "document_checklist_rules_document_type_document_types_key_fk" FOREIGN KEY ("document_type") REFERENCES "public"."document_types"("key") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "document_checklist_rules" ADD CONSTRAINT "document_checklist_rules_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_expiry_reminders" ADD CONSTRAINT "document_expiry_reminders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_checklist_rules_key" ON "document_checklist_rules" USING btree ("destination","kind","path","document_type");