ALTER TABLE "product_rules" ADD COLUMN "category_id" bigint;--> statement-breakpoint
ALTER TABLE "product_rules" ADD COLUMN "category_name" text;--> statement-breakpoint
CREATE INDEX "product_rules_category_idx" ON "product_rules" USING btree ("merchant_id","category_id");