CREATE TABLE "salla_embedded_tokens" (
	"merchant_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salla_embedded_tokens_merchant_id_token_hash_pk" PRIMARY KEY("merchant_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "merchant_sessions" ADD COLUMN "kind" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_sessions" ADD COLUMN "salla_user_id" bigint;--> statement-breakpoint
ALTER TABLE "salla_embedded_tokens" ADD CONSTRAINT "salla_embedded_tokens_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salla_embedded_tokens_expires_idx" ON "salla_embedded_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "merchant_sessions" ADD CONSTRAINT "merchant_sessions_kind_known" CHECK ("merchant_sessions"."kind" in ('password', 'salla_embedded'));