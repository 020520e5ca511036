DROP INDEX "referrals_friend_email_idx";--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "gifts_per_code" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "gifts_per_day" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "friend_email_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_email_key_idx" ON "referrals" USING btree ("merchant_id","friend_email_key") WHERE "referrals"."status" <> 'blocked';--> statement-breakpoint
CREATE INDEX "referrals_code_idx" ON "referrals" USING btree ("merchant_id","code") WHERE "referrals"."status" <> 'blocked';--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_gifts_per_code_range" CHECK ("referral_settings"."gifts_per_code" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_gifts_per_day_range" CHECK ("referral_settings"."gifts_per_day" between 1 and 10000);--> statement-breakpoint
-- hand-written
-- Claims made before keys (issue 22, decision 028) get their mailbox's key. Where one mailbox
-- claimed more than once (farmed with +tags, dots or case), the claim that keeps the key is the
-- first one already settled (paid, reversed, or with the inviter's coupon on its way), else the
-- first one. A later claim still open (pending, nothing paid) is blocked as already_claimed: its
-- gift was given, but its inviter is not paid twice for one mailbox. A later one already settled
-- keeps its status as history, without a key.
WITH ranked AS (
  SELECT merchant_id, id,
         (status = 'pending' AND inviter_coupon_status = 'none') AS open,
         row_number() OVER (PARTITION BY merchant_id, nuqat_email_key(friend_email)
                            ORDER BY (status = 'pending' AND inviter_coupon_status = 'none'),
                                     claimed_at, id) AS n
    FROM referrals
   WHERE status <> 'blocked'
)
UPDATE referrals r
   SET status = CASE WHEN ranked.n > 1 AND ranked.open THEN 'blocked' ELSE r.status END,
       reason = CASE WHEN ranked.n > 1 AND ranked.open THEN 'already_claimed' ELSE r.reason END,
       friend_email_key = CASE WHEN ranked.n = 1 OR ranked.open
                               THEN nuqat_email_key(r.friend_email) END,
       updated_at = CASE WHEN ranked.n > 1 AND ranked.open THEN now() ELSE r.updated_at END
  FROM ranked
 WHERE r.merchant_id = ranked.merchant_id AND r.id = ranked.id;--> statement-breakpoint
UPDATE referrals SET friend_email_key = nuqat_email_key(friend_email)
 WHERE status = 'blocked' AND friend_email_key IS NULL;--> statement-breakpoint
-- Sign-in codes are kept under the key of the address now: the ones open at the upgrade still work.
UPDATE shopper_codes SET email = nuqat_email_key(email) WHERE consumed_at IS NULL;
