CREATE TABLE "referral_codes" (
	"merchant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_merchant_id_code_pk" PRIMARY KEY("merchant_id","code")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"inviter_customer_id" bigint,
	"friend_email" text NOT NULL,
	"friend_customer_id" bigint,
	"status" text NOT NULL,
	"reason" text,
	"friend_type" text NOT NULL,
	"friend_value" integer NOT NULL,
	"friend_max_amount" integer,
	"inviter_type" text NOT NULL,
	"inviter_value" integer NOT NULL,
	"inviter_max_amount" integer,
	"friend_coupon_code" text,
	"friend_coupon_status" text DEFAULT 'none' NOT NULL,
	"friend_salla_coupon_id" text,
	"friend_coupon_expires_at" timestamp with time zone,
	"friend_attempt_at" timestamp with time zone,
	"friend_used_order_id" bigint,
	"friend_discount_halalas" bigint,
	"inviter_coupon_code" text,
	"inviter_coupon_status" text DEFAULT 'none' NOT NULL,
	"inviter_salla_coupon_id" text,
	"inviter_coupon_expires_at" timestamp with time zone,
	"inviter_attempt_at" timestamp with time zone,
	"inviter_attempts" integer DEFAULT 0 NOT NULL,
	"inviter_used_order_id" bigint,
	"inviter_discount_halalas" bigint,
	"order_id" bigint,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_customer_idx" ON "referral_codes" USING btree ("merchant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_email_idx" ON "referrals" USING btree ("merchant_id","friend_email") WHERE "referrals"."status" <> 'blocked';--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("merchant_id","inviter_customer_id","completed_at");--> statement-breakpoint
CREATE INDEX "referrals_recent_idx" ON "referrals" USING btree ("merchant_id","claimed_at","id");--> statement-breakpoint
CREATE INDEX "referrals_pending_idx" ON "referrals" USING btree ("merchant_id") WHERE "referrals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "referrals_friend_code_idx" ON "referrals" USING btree ("merchant_id","friend_coupon_code");--> statement-breakpoint
CREATE INDEX "referrals_inviter_code_idx" ON "referrals" USING btree ("merchant_id","inviter_coupon_code");