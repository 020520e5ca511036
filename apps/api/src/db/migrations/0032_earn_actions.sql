CREATE TABLE "earn_actions" (
	"merchant_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"action" text NOT NULL,
	"points" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "earn_actions_merchant_id_customer_id_action_pk" PRIMARY KEY("merchant_id","customer_id","action"),
	CONSTRAINT "earn_actions_points_positive" CHECK ("earn_actions"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "social_links" jsonb;--> statement-breakpoint
ALTER TABLE "earn_actions" ADD CONSTRAINT "earn_actions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earn_actions_due_idx" ON "earn_actions" USING btree ("available_at") WHERE "earn_actions"."credited_at" is null;