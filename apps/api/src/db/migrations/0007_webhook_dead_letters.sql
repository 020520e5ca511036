CREATE TABLE "webhook_dead_letters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_dead_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"body" text NOT NULL,
	"event" text,
	"merchant_id" bigint,
	"error" text NOT NULL,
	"issues" jsonb NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replayed_at" timestamp with time zone,
	"replay_result" text,
	"replay_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_dead_letters_dedupe_key" ON "webhook_dead_letters" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_dead_letters_pending_idx" ON "webhook_dead_letters" USING btree ("id") WHERE "webhook_dead_letters"."replayed_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_dead_letters_merchant_idx" ON "webhook_dead_letters" USING btree ("merchant_id");