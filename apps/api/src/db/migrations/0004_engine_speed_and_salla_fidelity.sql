DROP INDEX "orders_earn_status_idx";--> statement-breakpoint
DROP INDEX "webhook_events_recent_idx";--> statement-breakpoint
DROP INDEX "points_lots_expiry_idx";--> statement-breakpoint
DROP INDEX "webhook_events_dedupe_key";--> statement-breakpoint
ALTER TABLE "plan_usage" DROP CONSTRAINT "plan_usage_merchant_id_period_start_pk";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "points_spendable_on" text[] DEFAULT '{completed,delivered}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "points_hold_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "config_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "profile_fetch_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "profile_fetch_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD COLUMN "spend_unit_halalas" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spend_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_usage" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_usage" ADD CONSTRAINT "plan_usage_merchant_id_period_start_slot_pk" PRIMARY KEY("merchant_id","period_start","slot");--> statement-breakpoint
CREATE INDEX "orders_release_due_idx" ON "orders" USING btree ("release_at") WHERE "orders"."released_at" is null and "orders"."release_at" is not null;--> statement-breakpoint
CREATE INDEX "points_lots_expiry_idx" ON "points_lots" USING btree ("expires_at") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_dedupe_key" ON "webhook_events" USING btree ("dedupe_key");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_points_hold_days_range" CHECK ("merchants"."points_hold_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "loyalty_rules" ADD CONSTRAINT "loyalty_rules_spend_unit_min" CHECK ("loyalty_rules"."spend_unit_halalas" is null or "loyalty_rules"."spend_unit_halalas" >= 1);--> statement-breakpoint
-- Orders that earned before this migration earned at once: their points are already spendable.
UPDATE "orders" SET "release_at" = coalesce("qualified_at", "updated_at"), "released_at" = coalesce("qualified_at", "updated_at") WHERE "earn_status" = 'earned';--> statement-breakpoint
-- config_version: anything the engine reads from the store's row or rules bumps it.
CREATE FUNCTION "nuqat_bump_merchant_config"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.plan, NEW.subscription_status, NEW.subscription_expires_at, NEW.subscription_started_at,
      NEW.install_status, NEW.programme_enabled, NEW.points_expiry_days, NEW.points_spendable_on,
      NEW.points_hold_days)
     IS DISTINCT FROM
     (OLD.plan, OLD.subscription_status, OLD.subscription_expires_at, OLD.subscription_started_at,
      OLD.install_status, OLD.programme_enabled, OLD.points_expiry_days, OLD.points_spendable_on,
      OLD.points_hold_days)
  THEN
    NEW.config_version := OLD.config_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "merchants_config_version" BEFORE UPDATE ON "merchants"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_merchant_config"();--> statement-breakpoint
CREATE FUNCTION "nuqat_bump_rules_config"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchants" SET "config_version" = "config_version" + 1
   WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD.merchant_id ELSE NEW.merchant_id END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "loyalty_rules_config_version" AFTER INSERT OR UPDATE OR DELETE ON "loyalty_rules"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();
