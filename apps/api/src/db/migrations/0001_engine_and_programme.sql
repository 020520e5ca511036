CREATE TABLE "loyalty_rules" (
	"merchant_id" bigint NOT NULL,
	"event" text NOT NULL,
	"points" integer NOT NULL,
	"min_rating" integer,
	"required_purchases" integer,
	"min_order_total_halalas" bigint,
	"max_per_customer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_rules_merchant_id_event_pk" PRIMARY KEY("merchant_id","event"),
	CONSTRAINT "loyalty_rules_points_range" CHECK ("loyalty_rules"."points" between 0 and 1000000),
	CONSTRAINT "loyalty_rules_min_rating_range" CHECK ("loyalty_rules"."min_rating" is null or "loyalty_rules"."min_rating" between 1 and 5),
	CONSTRAINT "loyalty_rules_required_purchases_min" CHECK ("loyalty_rules"."required_purchases" is null or "loyalty_rules"."required_purchases" >= 1),
	CONSTRAINT "loyalty_rules_min_order_total_min" CHECK ("loyalty_rules"."min_order_total_halalas" is null or "loyalty_rules"."min_order_total_halalas" >= 0),
	CONSTRAINT "loyalty_rules_cap_min" CHECK ("loyalty_rules"."max_per_customer" is null or "loyalty_rules"."max_per_customer" >= 1)
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" bigint NOT NULL,
	"reward_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"coupon_code" text,
	"salla_coupon_id" text,
	"coupon_expires_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemptions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "redemptions_points_positive" CHECK ("redemptions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"points_required" integer NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_usage" integer,
	"min_order_amount" integer DEFAULT 0 NOT NULL,
	"free_products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_valid_days" integer DEFAULT 30 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "rewards_points_required_min" CHECK ("rewards"."points_required" >= 1),
	CONSTRAINT "rewards_value_min" CHECK ("rewards"."value" >= 0),
	CONSTRAINT "rewards_percentage_max" CHECK ("rewards"."type" <> 'percentage_discount' or "rewards"."value" <= 100),
	CONSTRAINT "rewards_max_usage_min" CHECK ("rewards"."max_usage" is null or "rewards"."max_usage" >= 1),
	CONSTRAINT "rewards_min_order_amount_min" CHECK ("rewards"."min_order_amount" >= 0),
	CONSTRAINT "rewards_coupon_valid_days_range" CHECK ("rewards"."coupon_valid_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"merchant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile" text,
	"avatar" text,
	"birthday" date,
	"birthday_set_at" timestamp with time zone,
	"points_balance" integer DEFAULT 0 NOT NULL,
	"profile_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "customers_points_balance_non_negative" CHECK ("customers"."points_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"merchant_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"customer_id" bigint,
	"reference_id" text,
	"status_slug" text,
	"status_at" timestamp with time zone,
	"total_halalas" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"placed_at" timestamp with time zone,
	"cancelled" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"restored" boolean DEFAULT false NOT NULL,
	"refunded_halalas" bigint DEFAULT 0 NOT NULL,
	"fully_refunded" boolean DEFAULT false NOT NULL,
	"earn_status" text DEFAULT 'pending' NOT NULL,
	"qualified_at" timestamp with time zone,
	"earn_points" integer DEFAULT 0 NOT NULL,
	"earn_base_halalas" bigint DEFAULT 0 NOT NULL,
	"plan_period_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "plan_usage" (
	"merchant_id" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"orders_counted" integer DEFAULT 0 NOT NULL,
	"orders_over_limit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_usage_merchant_id_period_start_pk" PRIMARY KEY("merchant_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"merchant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"rule_event" text,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone,
	"shortfall" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "points_ledger_delta_nonzero_or_shortfall" CHECK ("points_ledger"."delta" <> 0 or "points_ledger"."shortfall" > 0),
	CONSTRAINT "points_ledger_shortfall_non_negative" CHECK ("points_ledger"."shortfall" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_lots" (
	"merchant_id" bigint NOT NULL,
	"ledger_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_lots_merchant_id_ledger_id_pk" PRIMARY KEY("merchant_id","ledger_id"),
	CONSTRAINT "points_lots_remaining_range" CHECK ("points_lots"."remaining" >= 0 and "points_lots"."remaining" <= "points_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"merchant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"event" text NOT NULL,
	"event_at" timestamp with time zone,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "install_status" text DEFAULT 'installed' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "uninstalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "salla_access_token" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "salla_refresh_token" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "salla_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "salla_scope" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "needs_reinstall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "salla_plan_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "subscription_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "subscription_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "programme_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "points_expiry_days" integer;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD CONSTRAINT "loyalty_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_usage" ADD CONSTRAINT "plan_usage_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemptions_reward_idx" ON "redemptions" USING btree ("merchant_id","reward_id");--> statement-breakpoint
CREATE INDEX "redemptions_customer_idx" ON "redemptions" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "redemptions_recent_idx" ON "redemptions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_birthday_idx" ON "customers" USING btree ("merchant_id","birthday");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("merchant_id","customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_earn_status_idx" ON "orders" USING btree ("merchant_id","earn_status");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_idempotency_key" ON "points_ledger" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "points_ledger_customer_idx" ON "points_ledger" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "points_ledger_source_idx" ON "points_ledger" USING btree ("merchant_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "points_lots_open_idx" ON "points_lots" USING btree ("merchant_id","customer_id","expires_at");--> statement-breakpoint
CREATE INDEX "points_lots_expiry_idx" ON "points_lots" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_dedupe_key" ON "webhook_events" USING btree ("merchant_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_events_recent_idx" ON "webhook_events" USING btree ("merchant_id","received_at");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_points_expiry_days_range" CHECK ("merchants"."points_expiry_days" is null or "merchants"."points_expiry_days" between 1 and 3650);--> statement-breakpoint
CREATE FUNCTION "points_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store's data removed as a whole (merchant row deleted, cascading) is the one exception.
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'points_ledger is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "points_ledger_append_only" BEFORE UPDATE OR DELETE ON "points_ledger" FOR EACH ROW EXECUTE FUNCTION "points_ledger_append_only"();
