ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_state" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sms_opt_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_provider_idx" ON "mail_outbox" USING btree ("provider_message_id");