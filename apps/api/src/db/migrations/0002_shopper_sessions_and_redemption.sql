CREATE TABLE "shopper_codes" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" bigint NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "shopper_codes_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "shopper_sessions" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "shopper_sessions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "shopper_codes" ADD CONSTRAINT "shopper_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD CONSTRAINT "shopper_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_codes_open_idx" ON "shopper_codes" USING btree ("merchant_id","email","created_at");--> statement-breakpoint
CREATE INDEX "shopper_sessions_customer_idx" ON "shopper_sessions" USING btree ("merchant_id","customer_id");--> statement-breakpoint
CREATE INDEX "redemptions_pending_idx" ON "redemptions" USING btree ("created_at") WHERE "redemptions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("merchant_id",lower("email"));