ALTER TABLE "password_reset_codes" ADD COLUMN "unbound_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limit_buckets" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopper_codes" ADD COLUMN "unbound_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_expires_idx" ON "rate_limit_buckets" USING btree ("expires_at");--> statement-breakpoint
-- hand-written
-- Codes issued before this change were tried without a request id, so their tries so far were
-- unnamed ones: a code burnt by 5 wrong tries stays burnt.
UPDATE "password_reset_codes" SET "unbound_attempts" = "attempts" WHERE "consumed_at" IS NULL;--> statement-breakpoint
UPDATE "shopper_codes" SET "unbound_attempts" = "attempts" WHERE "consumed_at" IS NULL;--> statement-breakpoint
-- Rows written before this change do not know their window; the longest is a day (the daily
-- caps, a back-off streak), which is also how long the hourly prune used to keep them.
UPDATE "rate_limit_buckets" SET "expires_at" = "window_start" + interval '1 day';
