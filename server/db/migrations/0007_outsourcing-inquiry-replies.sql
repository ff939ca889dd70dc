CREATE TABLE "outsourcing_inquiry_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outsourcing_inquiry_replies" ADD CONSTRAINT "outsourcing_inquiry_replies_inquiry_id_outsourcing_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."outsourcing_inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsourcing_inquiry_replies" ADD CONSTRAINT "outsourcing_inquiry_replies_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outsourcing_inquiry_replies_inquiry_idx" ON "outsourcing_inquiry_replies" USING btree ("inquiry_id","created_at");