CREATE TABLE "certified_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"document_id" uuid NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"verifier_name" text NOT NULL,
	"applicant_initials" text NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "certified_copies_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certified_copies" ADD CONSTRAINT "certified_copies_issued_by_profiles_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certified_copies_document_idx" ON "certified_copies" USING btree ("document_id");