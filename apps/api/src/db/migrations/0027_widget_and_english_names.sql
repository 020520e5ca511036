ALTER TABLE "merchants" ADD COLUMN "widget" jsonb;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "widget_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "store_logo_url" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "store_contact_email" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "description_en" text;