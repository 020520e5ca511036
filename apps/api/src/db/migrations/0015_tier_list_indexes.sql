DROP INDEX "customers_tier_idx";--> statement-breakpoint
CREATE INDEX "customers_tier_joined_idx" ON "customers" USING btree ("merchant_id","tier_id","created_at","id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_tier_balance_idx" ON "customers" USING btree ("merchant_id","tier_id","points_balance","id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_tier_spend_idx" ON "customers" USING btree ("merchant_id","tier_id","spend_halalas","id") WHERE "customers"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "customers_tier_last_order_idx" ON "customers" USING btree ("merchant_id","tier_id",coalesce("last_order_at", '-infinity'::timestamptz),"id") WHERE "customers"."tier_id" is not null;