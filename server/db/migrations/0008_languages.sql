CREATE TYPE "public"."language" AS ENUM('en', 'fr', 'pt');--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "language" "language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD COLUMN "language" "language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outsourcing_inquiries" ADD COLUMN "language" "language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "preferred_language" "language" DEFAULT 'en' NOT NULL;