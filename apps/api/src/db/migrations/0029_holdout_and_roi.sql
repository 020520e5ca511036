CREATE TABLE "holdout_daily" (
	"merchant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"arm" text NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "holdout_daily_merchant_id_arm_day_pk" PRIMARY KEY("merchant_id","arm","day")
);
--> statement-breakpoint
CREATE TABLE "holdout_settings" (
	"merchant_id" bigint PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdout_settings_percent_range" CHECK ("holdout_settings"."percent" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "monthly_reports" (
	"merchant_id" bigint NOT NULL,
	"month" date NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_reports_merchant_id_month_pk" PRIMARY KEY("merchant_id","month")
);
--> statement-breakpoint
CREATE TABLE "roi_shopper_months" (
	"merchant_id" bigint NOT NULL,
	"month" date NOT NULL,
	"arm" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales_halalas" bigint DEFAULT 0 NOT NULL,
	"coupon_discount_halalas" bigint DEFAULT 0 NOT NULL,
	"referral_discount_halalas" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "roi_shopper_months_merchant_id_month_arm_customer_id_pk" PRIMARY KEY("merchant_id","month","arm","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "holdout_arm" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "holdout_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "holdout_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_discount_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holdout_settings" ADD CONSTRAINT "holdout_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_reports_month_idx" ON "monthly_reports" USING btree ("month");--> statement-breakpoint
CREATE INDEX "customers_holdout_points_idx" ON "customers" USING btree ("merchant_id","holdout_arm","points_balance") WHERE "customers"."holdout_arm" is not null;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_holdout_arm_known" CHECK ("customers"."holdout_arm" in ('control', 'member'));
--> statement-breakpoint
-- hand-written
-- holdout: the control group (docs/decisions/049). A shopper's bucket 0–9999 from a hash of store
-- and customer id: md5's first 32 bits modulo 10000 (the modulo's bias is below 1 in 400,000).
-- The same shopper of the same store always lands in the same bucket.
CREATE FUNCTION "nuqat_holdout_bucket"(p_merchant bigint, p_customer bigint) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (('x' || substr(md5(p_merchant::text || ':' || p_customer::text), 1, 8))::bit(32)::bigint
          % 10000)::integer
$$;--> statement-breakpoint
-- holdout: a shopper first seen while the store (on the Growth plan) keeps a holdout is placed in
-- an arm once, at insert, with its time; nothing updates the arm afterwards. Every path that
-- creates a shopper (the fast path, the general path, sign-in, imports) goes through this.
CREATE FUNCTION "nuqat_holdout_assign"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_pct integer;
BEGIN
  IF NEW.holdout_arm IS NOT NULL THEN RETURN NEW; END IF;
  SELECT h.percent INTO v_pct FROM holdout_settings h JOIN merchants m ON m.id = h.merchant_id
   WHERE h.merchant_id = NEW.merchant_id AND h.ended_at IS NULL AND m.plan = 'growth';
  IF FOUND THEN
    NEW.holdout_arm := CASE WHEN nuqat_holdout_bucket(NEW.merchant_id, NEW.id) < v_pct * 100
                            THEN 'control' ELSE 'member' END;
    NEW.holdout_assigned_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_holdout_assign" BEFORE INSERT ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_holdout_assign"();--> statement-breakpoint
-- holdout: shoppers placed per arm and Riyadh day (AFTER: a row ON CONFLICT skipped is not one).
CREATE FUNCTION "nuqat_holdout_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO holdout_daily AS d (merchant_id, day, arm, assigned)
  VALUES (NEW.merchant_id, nuqat_riyadh_day(NEW.holdout_assigned_at), NEW.holdout_arm, 1)
  ON CONFLICT (merchant_id, arm, day) DO UPDATE SET assigned = d.assigned + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_holdout_count" AFTER INSERT ON "customers"
  FOR EACH ROW WHEN (NEW.holdout_arm IS NOT NULL) EXECUTE FUNCTION "nuqat_holdout_count"();--> statement-breakpoint
-- holdout: a counted order (nuqat_order_counted, docs/insights.md) of a shopper in an arm, added
-- (s = 1) or taken away (s = -1), in their Riyadh month's row. The engine holds the shopper's lock.
CREATE FUNCTION "nuqat_roi_order_apply"(o orders, s integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_arm text;
BEGIN
  IF o.customer_id IS NULL THEN RETURN; END IF;
  SELECT holdout_arm INTO v_arm FROM customers WHERE merchant_id = o.merchant_id AND id = o.customer_id;
  IF v_arm IS NULL THEN RETURN; END IF;
  INSERT INTO roi_shopper_months AS r (merchant_id, month, arm, customer_id, orders, sales_halalas,
                                       coupon_discount_halalas, referral_discount_halalas)
  VALUES (o.merchant_id,
          date_trunc('month', nuqat_riyadh_day(coalesce(o.placed_at, o.created_at)))::date,
          v_arm, o.customer_id, s, s * greatest(o.earn_base_halalas - o.refunded_halalas, 0),
          s * o.coupon_discount_halalas, s * o.referral_discount_halalas)
  ON CONFLICT (merchant_id, month, arm, customer_id) DO UPDATE
    SET orders = r.orders + excluded.orders, sales_halalas = r.sales_halalas + excluded.sales_halalas,
        coupon_discount_halalas = r.coupon_discount_halalas + excluded.coupon_discount_halalas,
        referral_discount_halalas = r.referral_discount_halalas + excluded.referral_discount_halalas;
END $$;--> statement-breakpoint
CREATE FUNCTION "nuqat_roi_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND nuqat_order_counted(OLD) THEN
    PERFORM nuqat_roi_order_apply(OLD, -1);
  END IF;
  IF nuqat_order_counted(NEW) THEN
    PERFORM nuqat_roi_order_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_roi_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_roi_order"();--> statement-breakpoint
CREATE TRIGGER "orders_roi_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN ((OLD.cancelled, OLD.deleted, OLD.restored, OLD.fully_refunded,
                      OLD.earn_base_halalas, OLD.refunded_halalas, OLD.placed_at, OLD.customer_id,
                      OLD.coupon_discount_halalas, OLD.referral_discount_halalas)
                     IS DISTINCT FROM
                     (NEW.cancelled, NEW.deleted, NEW.restored, NEW.fully_refunded,
                      NEW.earn_base_halalas, NEW.refunded_halalas, NEW.placed_at, NEW.customer_id,
                      NEW.coupon_discount_halalas, NEW.referral_discount_halalas))
  EXECUTE FUNCTION "nuqat_roi_order"();--> statement-breakpoint
-- holdout: migration 0024's nuqat_fast_order with one block more, between "-- holdout: begin" and
-- "-- holdout: end" (a held-out shopper's order goes to the general path). Nothing else changed.
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
  v_earn := ((p->>'earnPoints')::integer * v_mult) / 100;
  v_amount := ((p->>'amountPoints')::integer * v_mult) / 100;
  v_credit := CASE WHEN p->>'releasedAt' IS NOT NULL THEN v_earn + v_amount ELSE 0 END;
  -- A shopper who owes points repays them from any credit first (docs/decisions/027): the
  -- general path writes the repayment with the credit.
  IF v_credit > 0 AND cur.points_debt > 0 THEN
    RAISE EXCEPTION 'fast path: customer % owes points', v_customer USING ERRCODE = 'NQ001';
  END IF;

  INSERT INTO orders (merchant_id, id, customer_id, reference_id, status_slug, status_stage, status_at,
                      total_halalas, earn_base_halalas, spend_halalas, currency, placed_at,
                      earn_status, qualified_at, earn_points, amount_points, plan_period_start,
                      release_at, released_at, tier_multiplier_pct)
  VALUES (v_merchant, v_order, v_customer, p->>'referenceId', p->>'statusSlug', p->>'statusStage',
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
