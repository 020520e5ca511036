CREATE TABLE "tier_changes" (
	"merchant_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tier_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"from_tier" jsonb,
	"to_tier" jsonb,
	"direction" integer NOT NULL,
	"cause" text NOT NULL,
	"detail" text,
	"basis_value" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_changes_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tier_settings" (
	"merchant_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"basis" text NOT NULL,
	"window" text NOT NULL,
	"grace_days" integer NOT NULL,
	"recompute_after" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_settings_grace_days_range" CHECK ("tier_settings"."grace_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "tiers" (
	"merchant_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"colour" text NOT NULL,
	"threshold" bigint NOT NULL,
	"multiplier_pct" integer DEFAULT 100 NOT NULL,
	"birthday_multiplier_pct" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "tiers_position_range" CHECK ("tiers"."position" between 1 and 5),
	CONSTRAINT "tiers_threshold_min" CHECK ("tiers"."threshold" >= 0),
	CONSTRAINT "tiers_multiplier_range" CHECK ("tiers"."multiplier_pct" between 100 and 1000),
	CONSTRAINT "tiers_birthday_multiplier_range" CHECK ("tiers"."birthday_multiplier_pct" is null or "tiers"."birthday_multiplier_pct" between 100 and 1000)
);
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "min_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_below_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tier_multiplier_pct" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_settings" ADD CONSTRAINT "tier_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiers" ADD CONSTRAINT "tiers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tier_changes_customer_idx" ON "tier_changes" USING btree ("merchant_id","customer_id","id");--> statement-breakpoint
CREATE INDEX "tiers_threshold_idx" ON "tiers" USING btree ("merchant_id","threshold");--> statement-breakpoint
CREATE INDEX "customers_tier_idx" ON "customers" USING btree ("merchant_id","tier_id");--> statement-breakpoint
CREATE INDEX "customers_tier_grace_idx" ON "customers" USING btree ("merchant_id","tier_below_since") WHERE "customers"."tier_below_since" is not null;--> statement-breakpoint
-- VIP tiers (issue 14, docs/decisions/024). A change of the tiers changes what the engine
-- multiplies by: the store's configuration version moves (the fast path refuses a stale copy).
CREATE TRIGGER "tiers_config_version" AFTER INSERT OR UPDATE OR DELETE ON "tiers"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();--> statement-breakpoint
CREATE TRIGGER "tier_settings_config_version" AFTER INSERT OR UPDATE OR DELETE ON "tier_settings"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();--> statement-breakpoint
-- A tier as the history and the customers list show it.
CREATE FUNCTION "nuqat_tier_brief"(t tiers) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.id IS NULL THEN NULL ELSE jsonb_build_object(
    'id', t.id, 'nameAr', t.name_ar, 'nameEn', t.name_en, 'colour', t.colour, 'position', t.position) END
$$;--> statement-breakpoint
-- A customer's tier basis over the store's window at p_at: points earned (earn, clawback,
-- adjustments, referral credits, imports; never spending or expiry) or halalas spent on counted
-- orders less refunds.
CREATE FUNCTION "nuqat_tier_value"(p_merchant bigint, p_customer bigint, p_basis text,
                                   p_window text, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v bigint;
  v_from timestamptz := CASE WHEN p_window = 'lifetime' THEN '-infinity'::timestamptz
                             ELSE p_at - interval '12 months' END;
BEGIN
  IF p_basis = 'points' THEN
    SELECT coalesce(sum(delta), 0) INTO v FROM points_ledger
     WHERE merchant_id = p_merchant AND customer_id = p_customer AND created_at > v_from
       AND kind IN ('earn', 'clawback', 'adjust', 'referral', 'import');
  ELSIF p_window = 'lifetime' THEN
    SELECT spend_halalas INTO v FROM customers WHERE merchant_id = p_merchant AND id = p_customer;
  ELSE
    SELECT coalesce(sum(greatest(earn_base_halalas - refunded_halalas, 0)), 0) INTO v FROM orders x
     WHERE merchant_id = p_merchant AND customer_id = p_customer AND nuqat_order_counted(x)
       AND coalesce(placed_at, created_at) > v_from;
  END IF;
  RETURN greatest(coalesce(v, 0), 0);
END $$;--> statement-breakpoint
-- Works out one customer's tier at p_at and records a move with its cause. Up at once; down only
-- once the customer has been below their tier for the grace period (the tiers service moves the
-- customers of a removed tier out itself, recording it).
-- The caller holds (or takes here) the customer's row lock. Returns the move: 1, -1 or 0.
CREATE FUNCTION "nuqat_tier_recompute"(p_merchant bigint, p_customer bigint, p_cause text,
                                       p_detail text, p_at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  s tier_settings%ROWTYPE;
  cur customers%ROWTYPE;
  v_value bigint;
  v_units bigint;
  v_target tiers%ROWTYPE;
  v_current tiers%ROWTYPE;
  v_target_pos integer := 0;
  v_current_pos integer := 0;
  v_below timestamptz;
  v_move integer := 0;
BEGIN
  SELECT * INTO s FROM tier_settings WHERE merchant_id = p_merchant;
  IF NOT FOUND OR NOT s.enabled THEN RETURN 0; END IF;
  -- Tiers are a Growth feature: a store on another plan keeps its customers' tiers frozen.
  PERFORM 1 FROM merchants WHERE id = p_merchant AND plan = 'growth';
  IF NOT FOUND THEN RETURN 0; END IF;
  SELECT * INTO cur FROM customers WHERE merchant_id = p_merchant AND id = p_customer FOR UPDATE;
  IF NOT FOUND OR cur.erased_at IS NOT NULL THEN RETURN 0; END IF;

  v_value := nuqat_tier_value(p_merchant, p_customer, s.basis, s.window, p_at);
  v_units := CASE WHEN s.basis = 'spend' THEN v_value / 100 ELSE v_value END;
  SELECT * INTO v_target FROM tiers WHERE merchant_id = p_merchant AND threshold <= v_units
   ORDER BY threshold DESC LIMIT 1;
  IF FOUND THEN v_target_pos := v_target.position; END IF;
  IF cur.tier_id IS NOT NULL THEN
    SELECT * INTO v_current FROM tiers WHERE merchant_id = p_merchant AND id = cur.tier_id;
    IF FOUND THEN v_current_pos := v_current.position; END IF;
  END IF;

  v_below := NULL;
  IF v_target_pos > v_current_pos THEN
    v_move := 1;
  ELSIF v_target_pos < v_current_pos THEN
    v_below := coalesce(cur.tier_below_since, p_at);
    IF p_at >= v_below + make_interval(days => s.grace_days) THEN
      v_move := -1;
      v_below := NULL;
    END IF;
  END IF;

  IF v_move <> 0 THEN
    UPDATE customers SET tier_id = v_target.id, tier_since = p_at, tier_below_since = NULL,
           tier_checked_at = p_at, tier_value = v_value
     WHERE merchant_id = p_merchant AND id = p_customer;
    INSERT INTO tier_changes (merchant_id, customer_id, from_tier, to_tier, direction, cause,
                              detail, basis_value)
    VALUES (p_merchant, p_customer, nuqat_tier_brief(v_current), nuqat_tier_brief(v_target),
            v_move, CASE WHEN v_move < 0 AND s.grace_days > 0 THEN 'grace_ended' ELSE p_cause END,
            p_detail, v_units);
  ELSE
    -- (a tier removed meanwhile leaves nothing to point at)
    UPDATE customers SET tier_id = CASE WHEN v_current.id IS NULL THEN NULL ELSE tier_id END,
           tier_below_since = v_below, tier_checked_at = p_at, tier_value = v_value
     WHERE merchant_id = p_merchant AND id = p_customer;
  END IF;
  RETURN v_move;
END $$;--> statement-breakpoint
-- Every change of a customer's balance or spend (any path: both engine paths, adjustments,
-- imports, redemptions, expiry) works their tier out again when the transaction commits, so it
-- sees every row the transaction wrote. A store without tiers costs one lookup.
CREATE FUNCTION "nuqat_customers_tier"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_detail text;
  v_basis text;
BEGIN
  SELECT basis INTO v_basis FROM tier_settings WHERE merchant_id = NEW.merchant_id AND enabled;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF v_basis = 'points' THEN
    SELECT source_type || ':' || source_id INTO v_detail FROM points_ledger
     WHERE merchant_id = NEW.merchant_id AND customer_id = NEW.id ORDER BY id DESC LIMIT 1;
  ELSE
    SELECT 'order:' || id INTO v_detail FROM orders
     WHERE merchant_id = NEW.merchant_id AND customer_id = NEW.id
     ORDER BY updated_at DESC, id DESC LIMIT 1;
  END IF;
  PERFORM nuqat_tier_recompute(NEW.merchant_id, NEW.id, 'activity', v_detail, now());
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customers_tier_update" AFTER UPDATE OF "points_balance", "spend_halalas"
  ON "customers" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.points_balance, OLD.spend_halalas) IS DISTINCT FROM
                     (NEW.points_balance, NEW.spend_halalas))
  EXECUTE FUNCTION "nuqat_customers_tier"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customers_tier_insert" AFTER INSERT ON "customers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "nuqat_customers_tier"();--> statement-breakpoint
-- The fast path (0010) as before, and also: the customer's VIP tier multiplier, read under their
-- row lock, applied to the order's points and kept with the order (docs/decisions/024).
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
  v_earn := ((p->>'earnPoints')::integer * v_mult) / 100;
  v_amount := ((p->>'amountPoints')::integer * v_mult) / 100;
  v_credit := CASE WHEN p->>'releasedAt' IS NOT NULL THEN v_earn + v_amount ELSE 0 END;

  INSERT INTO orders (merchant_id, id, customer_id, reference_id, status_slug, status_at,
                      total_halalas, earn_base_halalas, spend_halalas, currency, placed_at,
                      earn_status, qualified_at, earn_points, amount_points, plan_period_start,
                      release_at, released_at, tier_multiplier_pct)
  VALUES (v_merchant, v_order, v_customer, p->>'referenceId', p->>'statusSlug',
          CASE WHEN p->>'statusSlug' IS NULL THEN NULL ELSE v_at END,
          (p->>'totalHalalas')::bigint, (p->>'totalHalalas')::bigint,
          (p->>'spendHalalas')::bigint, p->>'currency', (p->>'placedAt')::timestamptz,
          v_status, CASE WHEN v_status = 'earned' THEN v_at END,
          v_earn, v_amount,
          (p->>'planPeriodStart')::timestamptz, (p->>'releaseAt')::timestamptz,
          (p->>'releasedAt')::timestamptz, CASE WHEN v_status = 'earned' THEN v_mult ELSE 100 END)
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
