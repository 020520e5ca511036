CREATE TABLE "merchants" (
	"id" bigint PRIMARY KEY NOT NULL,
	"store_name" text NOT NULL,
	"store_url" text,
	"email" text,
	"password_hash" text,
	"plan" text,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"subscription_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_email_lowercase" CHECK ("merchants"."email" = lower("merchants"."email")),
	CONSTRAINT "merchants_plan_known" CHECK ("merchants"."plan" in ('starter', 'growth')),
	CONSTRAINT "merchants_subscription_status_known" CHECK ("merchants"."subscription_status" in ('active', 'trial', 'inactive', 'expired', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "merchant_sessions" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "merchant_sessions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "password_reset_codes_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_sessions" ADD CONSTRAINT "merchant_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_email_key" ON "merchants" USING btree ("email") WHERE "merchants"."email" is not null;--> statement-breakpoint
CREATE INDEX "password_reset_codes_open_idx" ON "password_reset_codes" USING btree ("merchant_id","created_at");