ALTER TABLE "password_reset_codes" ADD COLUMN "unbound_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shopper_codes" ADD COLUMN "unbound_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- Codes issued before this change were tried without a request id, so their tries so far were
-- unnamed ones: a code burnt by 5 wrong tries stays burnt.
UPDATE "password_reset_codes" SET "unbound_attempts" = "attempts" WHERE "consumed_at" IS NULL;--> statement-breakpoint
UPDATE "shopper_codes" SET "unbound_attempts" = "attempts" WHERE "consumed_at" IS NULL;
