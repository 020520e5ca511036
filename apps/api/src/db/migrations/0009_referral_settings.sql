CREATE TABLE "referral_settings" (
	"merchant_id" bigint PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"participant_type" text NOT NULL,
	"participant_value" integer NOT NULL,
	"participant_max_amount" integer,
	"referral_type" text NOT NULL,
	"referral_value" integer NOT NULL,
	"referral_max_amount" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_participant_value_min" CHECK ("referral_settings"."participant_value" >= 0),
	CONSTRAINT "referral_referral_value_min" CHECK ("referral_settings"."referral_value" >= 0),
	CONSTRAINT "referral_participant_percent_max" CHECK ("referral_settings"."participant_type" <> 'percentage' or "referral_settings"."participant_value" <= 100),
	CONSTRAINT "referral_referral_percent_max" CHECK ("referral_settings"."referral_type" <> 'percentage' or "referral_settings"."referral_value" <= 100)
);
--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;