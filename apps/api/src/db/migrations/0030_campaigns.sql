CREATE TABLE "campaigns" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"effect" text NOT NULL,
	"multiplier_pct" integer DEFAULT 100 NOT NULL,
	"bonus_points" integer DEFAULT 0 NOT NULL,
	"min_order_total_halalas" bigint DEFAULT 0 NOT NULL,
	"tier_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"ended_early_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "campaigns_window_order" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at"),
	CONSTRAINT "campaigns_multiplier_range" CHECK ("campaigns"."multiplier_pct" between 100 and 1000),
	CONSTRAINT "campaigns_bonus_range" CHECK ("campaigns"."bonus_points" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_multiplier_pct" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_bonus_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_window_idx" ON "campaigns" USING btree ("merchant_id","ends_at");
--> statement-breakpoint
-- hand-written
-- Campaigns (issue 29, docs/decisions/047). The engine reads a store's campaigns into its
-- configuration: a change to one bumps the store's config_version (migration 0004's function), so
-- the fast path refuses a plan made with an older list.
CREATE TRIGGER "campaigns_config_version" AFTER INSERT OR UPDATE OR DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();
--> statement-breakpoint
-- The fast path (migration 0024's function) with the campaign's multiplier and bonus of the plan
-- applied and kept with the order. Every change is between `-- campaigns:` comments; the rest is
-- 0024's text unchanged, except migration 0029's holdout block (between `-- holdout:` comments).
CREATE OR REPLACE FUNCTION "nuqat_fast_order"(p jsonb, body jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_merchant bigint := (p->>'merchantId')::bigint;
  v_order bigint := (p->>'orderId')::bigint;
  c jsonb := p->'customer';
  v_customer bigint := (c->>'id')::bigint;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_status text := p->>'earnStatus';
  v_credit integer := (p->>'credit')::integer;
  v_version integer;
  cur customers%ROWTYPE;
  v_newer boolean;
  v_has_birthday boolean := c ? 'birthday';
  v_birthday date := (c->>'birthday')::date;
  v_ledger bigint;
  v_mult integer := 100;
  v_earn integer;
  v_amount integer;
  -- campaigns: the plan's campaign multiplier (percent) and fixed bonus (decision 047)
  v_campaign_pct integer := coalesce((p->>'campaignMultiplierPct')::integer, 100);
  v_campaign_bonus integer := coalesce((p->>'campaignBonusPoints')::integer, 0);
  -- campaigns: end
BEGIN
  PERFORM 1 FROM webhook_events WHERE dedupe_key = p->>'dedupeKey';
  IF FOUND THEN RETURN 'duplicate'; END IF;
  SELECT config_version INTO v_version FROM merchants WHERE id = v_merchant;
  IF NOT FOUND OR v_version <> (p->>'configVersion')::integer THEN RETURN 'stale'; END IF;
  PERFORM 1 FROM orders WHERE merchant_id = v_merchant AND id = v_order;
  IF FOUND THEN RETURN 'fallback'; END IF;

  -- The shopper: created the first time any event names them, locked, profile mirrored.
  INSERT INTO customers (merchant_id, id) VALUES (v_merchant, v_customer) ON CONFLICT DO NOTHING;
  SELECT * INTO cur FROM customers WHERE merchant_id = v_merchant AND id = v_customer FOR UPDATE;
  -- holdout: begin (docs/decisions/049) — a shopper in the store's control group earns nothing
  -- until the store ends the holdout: the general path records the order as held_out.
  IF cur.holdout_arm = 'control' AND (cur.holdout_released_at IS NULL
      OR (p->>'placedAt')::timestamptz < cur.holdout_released_at) THEN
    RAISE EXCEPTION 'fast path: customer % is held out', v_customer USING ERRCODE = 'NQ001';
  END IF;
  -- holdout: end
  -- An erased shopper's profile is never mirrored again (migration 0009).
  v_newer := cur.erased_at IS NULL AND (cur.profile_event_at IS NULL OR v_at >= cur.profile_event_at);
  IF v_newer OR (cur.erased_at IS NULL AND v_has_birthday AND v_birthday IS NOT NULL AND v_birthday = cur.birthday
                 AND cur.birthday_set_at IS NOT NULL AND v_at < cur.birthday_set_at) THEN
    UPDATE customers SET
      first_name = CASE WHEN v_newer AND c ? 'firstName' THEN c->>'firstName' ELSE first_name END,
      last_name = CASE WHEN v_newer AND c ? 'lastName' THEN c->>'lastName' ELSE last_name END,
      email = CASE WHEN v_newer AND c ? 'email' THEN c->>'email' ELSE email END,
      mobile = CASE WHEN v_newer AND c ? 'mobile' THEN c->>'mobile' ELSE mobile END,
      avatar = CASE WHEN v_newer AND c ? 'avatar' THEN c->>'avatar' ELSE avatar END,
      profile_event_at = CASE WHEN v_newer THEN v_at ELSE profile_event_at END,
      birthday = CASE
        WHEN v_has_birthday AND v_newer AND v_birthday IS DISTINCT FROM cur.birthday THEN v_birthday
        ELSE birthday END,
      birthday_set_at = CASE
        WHEN v_has_birthday AND v_newer AND v_birthday IS DISTINCT FROM cur.birthday
          THEN CASE WHEN v_birthday IS NULL THEN NULL ELSE v_at END
        WHEN v_has_birthday AND v_birthday IS NOT NULL AND v_birthday = cur.birthday
             AND cur.birthday_set_at IS NOT NULL AND v_at < cur.birthday_set_at THEN v_at
        ELSE birthday_set_at END,
      updated_at = now()
    WHERE merchant_id = v_merchant AND id = v_customer;
  END IF;

  -- The customer's VIP tier multiplier (the store's tiers, from the plan the application made
  -- with the current configuration version), applied to each rule's points, rounded down.
  IF cur.tier_id IS NOT NULL THEN
    v_mult := coalesce((p->'tierMultipliers'->>(cur.tier_id::text))::integer, 100);
  END IF;
  -- campaigns: tier × campaign, rounded down once per rule; the bonus is added unmultiplied.
  v_earn := ((p->>'earnPoints')::bigint * v_mult * v_campaign_pct / 10000)::integer;
  v_amount := ((p->>'amountPoints')::bigint * v_mult * v_campaign_pct / 10000)::integer;
  v_credit := CASE WHEN p->>'releasedAt' IS NOT NULL THEN v_earn + v_amount + v_campaign_bonus ELSE 0 END;
  -- campaigns: end
  -- A shopper who owes points repays them from any credit first (docs/decisions/027): the
  -- general path writes the repayment with the credit.
  IF v_credit > 0 AND cur.points_debt > 0 THEN
    RAISE EXCEPTION 'fast path: customer % owes points', v_customer USING ERRCODE = 'NQ001';
  END IF;

  INSERT INTO orders (merchant_id, id, customer_id, reference_id, status_slug, status_stage, status_at,
                      total_halalas, earn_base_halalas, spend_halalas, currency, placed_at,
                      earn_status, qualified_at, earn_points, amount_points, plan_period_start,
                      release_at, released_at, tier_multiplier_pct,
                      -- campaigns:
                      campaign_multiplier_pct, campaign_bonus_points, campaign_ids)
  VALUES (v_merchant, v_order, v_customer, p->>'referenceId', p->>'statusSlug', p->>'statusStage',
          CASE WHEN p->>'statusSlug' IS NULL THEN NULL ELSE v_at END,
          (p->>'totalHalalas')::bigint, (p->>'totalHalalas')::bigint,
          (p->>'spendHalalas')::bigint, p->>'currency', (p->>'placedAt')::timestamptz,
          v_status, CASE WHEN v_status = 'earned' THEN v_at END,
          v_earn, v_amount,
          (p->>'planPeriodStart')::timestamptz, (p->>'releaseAt')::timestamptz,
          (p->>'releasedAt')::timestamptz, CASE WHEN v_status = 'earned' THEN v_mult ELSE 100 END,
          -- campaigns: kept with the order (an order that does not qualify yet has none)
          CASE WHEN v_status = 'earned' THEN v_campaign_pct ELSE 100 END,
          CASE WHEN v_status = 'earned' THEN v_campaign_bonus ELSE 0 END,
          CASE WHEN v_status = 'earned'
               THEN ARRAY(SELECT jsonb_array_elements_text(coalesce(p->'campaignIds', '[]'::jsonb)))::uuid[]
               ELSE '{}'::uuid[] END)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'fast path: order % appeared meanwhile', v_order USING ERRCODE = 'NQ001';
  END IF;

  IF v_credit > 0 THEN
    INSERT INTO points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
                               rule_event, idempotency_key, expires_at, created_at)
    VALUES (v_merchant, v_customer, v_credit, 'earn', 'order', v_order::text, 'order.created',
            'order:' || v_order || ':earn', (p->>'expiresAt')::timestamptz, v_at)
    ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
    RETURNING id INTO v_ledger;
    IF v_ledger IS NULL THEN
      RAISE EXCEPTION 'fast path: order % already earned', v_order USING ERRCODE = 'NQ001';
    END IF;
    INSERT INTO points_lots (merchant_id, ledger_id, customer_id, source_type, source_id, amount,
                             remaining, expires_at, created_at)
    VALUES (v_merchant, v_ledger, v_customer, 'order', v_order::text, v_credit, v_credit,
            (p->>'expiresAt')::timestamptz, v_at);
    UPDATE customers SET points_balance = points_balance + v_credit,
           lifetime_earned = lifetime_earned + v_credit, updated_at = now()
     WHERE merchant_id = v_merchant AND id = v_customer;
  END IF;

  IF v_status = 'earned' THEN
    INSERT INTO plan_usage AS u (merchant_id, period_start, slot, orders_counted)
    VALUES (v_merchant, (p->>'planPeriodStart')::timestamptz, (p->>'slot')::integer, 1)
    ON CONFLICT (merchant_id, period_start, slot) DO UPDATE
      SET orders_counted = u.orders_counted + 1
      WHERE p->>'slotCap' IS NULL OR u.orders_counted < (p->>'slotCap')::integer;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'fast path: plan slot full' USING ERRCODE = 'NQ001';
    END IF;
  END IF;

  INSERT INTO webhook_events (merchant_id, dedupe_key, event, event_at, payload, outcome, note)
  VALUES (v_merchant, p->>'dedupeKey', p->>'event', (p->>'eventAt')::timestamptz, body,
          'processed', v_status)
  ON CONFLICT (dedupe_key) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'fast path: delivery stored meanwhile' USING ERRCODE = 'NQ001';
  END IF;
  RETURN v_status;
END $$;
