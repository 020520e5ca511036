CREATE TABLE "tier_counts" (
	"merchant_id" bigint NOT NULL,
	"tier_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tier_counts_merchant_id_tier_id_slot_pk" PRIMARY KEY("merchant_id","tier_id","slot")
);
--> statement-breakpoint
DROP INDEX "customers_tier_idx";--> statement-breakpoint
ALTER TABLE "tier_counts" ADD CONSTRAINT "tier_counts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tier_joined_idx" ON "customers" USING btree ("merchant_id","tier_id","created_at","id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_tier_balance_idx" ON "customers" USING btree ("merchant_id","tier_id","points_balance","id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_tier_spend_idx" ON "customers" USING btree ("merchant_id","tier_id","spend_halalas","id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_tier_last_order_idx" ON "customers" USING btree ("merchant_id","tier_id",coalesce("last_order_at", '-infinity'::timestamptz),"id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
-- The customers per tier, from what is there now (stores that saved tiers before this migration),
-- then kept with every move.
INSERT INTO "tier_counts" ("merchant_id", "tier_id", "slot", "customers")
  SELECT "merchant_id", "tier_id", ("id" % 8)::integer, count(*) FROM "customers"
   WHERE "tier_id" IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "nuqat_tier_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.tier_id IS NOT NULL THEN
    UPDATE tier_counts SET customers = customers - 1
     WHERE merchant_id = OLD.merchant_id AND tier_id = OLD.tier_id AND slot = (OLD.id % 8)::integer;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.tier_id IS NOT NULL THEN
    INSERT INTO tier_counts AS t (merchant_id, tier_id, slot, customers)
    VALUES (NEW.merchant_id, NEW.tier_id, (NEW.id % 8)::integer, 1)
    ON CONFLICT (merchant_id, tier_id, slot) DO UPDATE SET customers = t.customers + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_tier_counts_update" AFTER UPDATE OF "tier_id" ON "customers"
  FOR EACH ROW WHEN (OLD.tier_id IS DISTINCT FROM NEW.tier_id)
  EXECUTE FUNCTION "nuqat_tier_counts"();--> statement-breakpoint
CREATE TRIGGER "customers_tier_counts_insert" AFTER INSERT ON "customers"
  FOR EACH ROW WHEN (NEW.tier_id IS NOT NULL) EXECUTE FUNCTION "nuqat_tier_counts"();--> statement-breakpoint
CREATE TRIGGER "customers_tier_counts_delete" AFTER DELETE ON "customers"
  FOR EACH ROW WHEN (OLD.tier_id IS NOT NULL) EXECUTE FUNCTION "nuqat_tier_counts"();
