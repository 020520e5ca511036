CREATE TABLE "product_rules" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"effect" text NOT NULL,
	"multiplier_pct" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_rules_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "product_rules_product_unique" UNIQUE("merchant_id","product_id"),
	CONSTRAINT "product_rules_multiplier_range" CHECK (("product_rules"."effect" = 'exclude' and "product_rules"."multiplier_pct" = 0) or ("product_rules"."effect" = 'multiply' and "product_rules"."multiplier_pct" between 110 and 1000))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "earning_basis" text;--> statement-breakpoint
ALTER TABLE "product_rules" ADD CONSTRAINT "product_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Product rules (issue 29, docs/decisions/048). The engine reads a store's product rules into its
-- configuration: a change to one bumps the store's config_version (migration 0004's function).
-- The fast path is not changed: a store with product rules sends its orders to the general path.
CREATE TRIGGER "product_rules_config_version" AFTER INSERT OR UPDATE OR DELETE ON "product_rules"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();
