ALTER TABLE "messages" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
UPDATE "messages" SET "via" = 'email' WHERE "via_email";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "via_email";--> statement-breakpoint
CREATE INDEX "mail_outbox_phone_to_idx" ON "mail_outbox" USING btree ("to","created_at" DESC NULLS LAST) WHERE channel <> 'email';--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_message_idx" ON "messages" USING btree ("via","provider_message_id");
