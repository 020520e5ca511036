ALTER TABLE "rate_limit_buckets" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_expires_idx" ON "rate_limit_buckets" USING btree ("expires_at");--> statement-breakpoint
-- hand-written
-- Rows written before this change do not know their window; the longest is a day (the daily
-- caps, a back-off streak), which is also how long the hourly prune used to keep them.
UPDATE "rate_limit_buckets" SET "expires_at" = "window_start" + interval '1 day';
