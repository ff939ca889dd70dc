CREATE TABLE "sensitive_document_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid,
	"applicant_id" text NOT NULL,
	"staff_id" text,
	"staff_role" text NOT NULL,
	"document_type" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "consent_language" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "sensitive_document_access" ADD CONSTRAINT "sensitive_document_access_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_document_access" ADD CONSTRAINT "sensitive_document_access_applicant_id_profiles_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_document_access" ADD CONSTRAINT "sensitive_document_access_staff_id_profiles_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensitive_document_access_applicant_idx" ON "sensitive_document_access" USING btree ("applicant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);