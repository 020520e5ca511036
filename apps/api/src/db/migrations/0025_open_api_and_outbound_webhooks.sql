CREATE TABLE "api_keys" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "outbound_customer_seq" (
	"merchant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "outbound_customer_seq_merchant_id_customer_id_pk" PRIMARY KEY("merchant_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "outbound_events" (
	"merchant_id" bigint NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"customer_id" bigint,
	"customer_seq" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_events_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"customer_id" bigint,
	"customer_seq" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_customer_seq" ADD CONSTRAINT "outbound_customer_seq_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_events" ADD CONSTRAINT "outbound_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("merchant_id","endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("merchant_id","endpoint_id","customer_id","customer_seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_live_idx" ON "webhook_endpoints" USING btree ("merchant_id") WHERE "webhook_endpoints"."enabled" and "webhook_endpoints"."deleted_at" is null;--> statement-breakpoint
-- hand-written
-- The outbound webhooks' outbox (docs/decisions/039): every change a merchant can subscribe to
-- is written as an event, by a trigger, in the transaction that makes the change, and only while
-- the store has a live endpoint that wants its type. Each event of a customer takes the next
-- number of that customer's counter row; the row stays locked until the change commits, so the
-- numbers follow the commits and the worker can deliver a customer's events in order.
CREATE OR REPLACE FUNCTION "nuqat_outbound_emit"(p_merchant bigint, p_type text, p_customer bigint, p_data jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
  v_id text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "webhook_endpoints"
                  WHERE "merchant_id" = p_merchant AND "enabled" AND "deleted_at" IS NULL
                    AND p_type = ANY("events")) THEN
    RETURN;
  END IF;
  INSERT INTO "outbound_customer_seq" AS s ("merchant_id", "customer_id", "seq")
  VALUES (p_merchant, coalesce(p_customer, 0), 1)
  ON CONFLICT ("merchant_id", "customer_id") DO UPDATE SET "seq" = s."seq" + 1
  RETURNING s."seq" INTO v_seq;
  v_id := 'evt_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO "outbound_events" ("merchant_id", "id", "type", "customer_id", "customer_seq", "data", "created_at")
  VALUES (p_merchant, v_id, p_type, p_customer, v_seq, p_data, clock_timestamp());
  INSERT INTO "webhook_deliveries" ("merchant_id", "endpoint_id", "event_id", "event_type",
                                    "customer_id", "customer_seq", "next_attempt_at", "created_at")
  SELECT p_merchant, e."id", v_id, p_type, p_customer, v_seq, NULL, clock_timestamp()
    FROM "webhook_endpoints" e
   WHERE e."merchant_id" = p_merchant AND e."enabled" AND e."deleted_at" IS NULL
     AND p_type = ANY(e."events");
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_outbound_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "nuqat_outbound_emit"(NEW."merchant_id",
    CASE NEW."kind"
      WHEN 'earn' THEN 'points.earned'
      WHEN 'referral' THEN 'points.earned'
      WHEN 'redeem' THEN 'points.spent'
      WHEN 'expire' THEN 'points.expired'
      ELSE 'points.adjusted'
    END,
    NEW."customer_id",
    jsonb_build_object(
      'customerId', NEW."customer_id"::text,
      'ledgerId', NEW."id"::text,
      'points', NEW."delta",
      'kind', NEW."kind",
      'source', jsonb_build_object('type', NEW."source_type", 'id', NEW."source_id"),
      'expiresAt', to_char(NEW."expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'occurredAt', to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "points_ledger_outbound" AFTER INSERT ON "points_ledger"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_outbound_ledger"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_outbound_redemption"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'issued' AND (TG_OP = 'INSERT' OR OLD."status" <> 'issued') THEN
    PERFORM "nuqat_outbound_emit"(NEW."merchant_id", 'reward.redeemed', NEW."customer_id",
      jsonb_build_object(
        'customerId', NEW."customer_id"::text,
        'redemptionId', NEW."id",
        'rewardId', NEW."reward_id",
        'points', NEW."points",
        'couponCode', NEW."coupon_code",
        'couponExpiresAt', to_char(NEW."coupon_expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  ELSIF NEW."status" = 'used' AND (TG_OP = 'INSERT' OR OLD."status" <> 'used') THEN
    PERFORM "nuqat_outbound_emit"(NEW."merchant_id", 'coupon.used', NEW."customer_id",
      jsonb_build_object(
        'customerId', NEW."customer_id"::text,
        'redemptionId', NEW."id",
        'rewardId', NEW."reward_id",
        'couponCode', NEW."coupon_code",
        'orderId', NEW."used_order_id"::text,
        'usedAt', to_char(coalesce(NEW."used_at", now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "redemptions_outbound" AFTER INSERT OR UPDATE OF "status" ON "redemptions"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_outbound_redemption"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_outbound_tier"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "nuqat_outbound_emit"(NEW."merchant_id", 'tier.changed', NEW."customer_id",
    jsonb_build_object(
      'customerId', NEW."customer_id"::text,
      'from', NEW."from_tier",
      'to', NEW."to_tier",
      'direction', CASE WHEN NEW."direction" > 0 THEN 'up' ELSE 'down' END,
      'cause', NEW."cause",
      'occurredAt', to_char(NEW."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tier_changes_outbound" AFTER INSERT ON "tier_changes"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_outbound_tier"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_outbound_referral"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'completed' AND (TG_OP = 'INSERT' OR OLD."status" <> 'completed') THEN
    PERFORM "nuqat_outbound_emit"(NEW."merchant_id", 'referral.completed', NEW."inviter_customer_id",
      jsonb_build_object(
        'referralId', NEW."id",
        'customerId', NEW."inviter_customer_id"::text,
        'friendCustomerId', NEW."friend_customer_id"::text,
        'orderId', NEW."order_id"::text,
        'completedAt', to_char(coalesce(NEW."completed_at", now()) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "referrals_outbound" AFTER INSERT OR UPDATE OF "status" ON "referrals"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_outbound_referral"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_outbound_erasure"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."erased_at" IS NULL AND NEW."erased_at" IS NOT NULL THEN
    PERFORM "nuqat_outbound_emit"(NEW."merchant_id", 'customer.erased', NEW."id",
      jsonb_build_object(
        'customerId', NEW."id"::text,
        'erasedAt', to_char(NEW."erased_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_outbound_erased" AFTER UPDATE OF "erased_at" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_outbound_erasure"();
