CREATE TABLE "notification_outbox" (
	"merchant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notification_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"skip_reason" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_outbox_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "notification_outbox_attempts_non_negative" CHECK ("notification_outbox"."attempts" >= 0),
	CONSTRAINT "notification_outbox_status_known" CHECK ("notification_outbox"."status" in ('pending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "notification_outbox_kind_known" CHECK ("notification_outbox"."kind" in ('points_digest', 'points_expiring', 'reward_ready', 'coupon_issued', 'tier_up'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"merchant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_merchant_id_kind_pk" PRIMARY KEY("merchant_id","kind")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "notifications_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_idempotency_key" ON "notification_outbox" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_outbox_recent_idx" ON "notification_outbox" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_customer_idx" ON "notification_outbox" USING btree ("merchant_id","customer_id") WHERE "notification_outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_language_known" CHECK ("customers"."language" in ('ar', 'en'));