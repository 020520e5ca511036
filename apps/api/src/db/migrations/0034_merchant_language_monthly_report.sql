ALTER TABLE "merchants" ADD COLUMN "language" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "monthly_report_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_language_known" CHECK ("merchants"."language" in ('ar', 'en'));