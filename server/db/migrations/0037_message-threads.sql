CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_threads_applicant_id_unique" UNIQUE("applicant_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_applicant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "via_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_applicant_id_profiles_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_threads_last_idx" ON "message_threads" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_waiting_idx" ON "messages" USING btree ("thread_id") WHERE from_applicant and answered_at is null;
--> statement-breakpoint
-- Staff's earlier messages to one person start that person's thread.
INSERT INTO "message_threads" ("applicant_id", "created_at", "last_message_at")
SELECT "recipient_id", min("sent_at"), max("sent_at") FROM "messages"
 WHERE "recipient_id" IS NOT NULL GROUP BY "recipient_id";--> statement-breakpoint
UPDATE "messages" m SET "thread_id" = t."id" FROM "message_threads" t
 WHERE m."recipient_id" = t."applicant_id";
