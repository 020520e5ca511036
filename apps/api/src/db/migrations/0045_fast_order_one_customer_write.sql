-- A new order, or a later event of one, written as one new version of the shopper's row instead
-- of two or three (docs/decisions/067). Every non-HOT version of a `customers` row goes into all
-- of its indexes (19, the trigram search and four expression indexes among them), and the fast
-- path and the event path wrote up to three: the profile, the order's figures
-- (nuqat_customer_orders, the orders triggers of 0010) and the points. The two triggers now stand
-- aside while the transaction-local setting `nuqat.customer_orders_by_caller` is 'on' (set by
-- these two functions around their own INSERT or UPDATE of the order only), and the functions add
-- the same figures themselves, worked out by the same functions from the order's rows. Migration
-- 0030's nuqat_fast_order and 0042's nuqat_order_event otherwise unchanged; the changes are
-- marked `-- one write`.
DROP TRIGGER "orders_customer_insert" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_customer_insert" AFTER INSERT ON "orders" FOR EACH ROW
  WHEN (current_setting('nuqat.customer_orders_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "nuqat_customer_orders"();--> statement-breakpoint
DROP TRIGGER "orders_customer_update" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_customer_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN ((OLD.cancelled, OLD.deleted, OLD.restored, OLD.fully_refunded,
                      OLD.earn_base_halalas, OLD.refunded_halalas, OLD.placed_at, OLD.customer_id,
                      OLD.earn_status, OLD.released_at, OLD.earn_points, OLD.amount_points)
                     IS DISTINCT FROM
                     (NEW.cancelled, NEW.deleted, NEW.restored, NEW.fully_refunded,
                      NEW.earn_base_halalas, NEW.refunded_halalas, NEW.placed_at, NEW.customer_id,
                      NEW.earn_status, NEW.released_at, NEW.earn_points, NEW.amount_points)
                     AND current_setting('nuqat.customer_orders_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "nuqat_customer_orders"();--> statement-breakpoint
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
  -- one write: the order as inserted, and whether the profile is mirrored (decision 067)
  o orders%ROWTYPE;
  v_profile boolean;
BEGIN
  PERFORM 1 FROM webhook_events WHERE dedupe_key = p->>'dedupeKey';
  IF FOUND THEN RETURN 'duplicate'; END IF;
  SELECT config_version INTO v_version FROM merchants WHERE id = v_merchant;
  IF NOT FOUND OR v_version <> (p->>'configVersion')::integer THEN RETURN 'stale'; END IF;
  PERFORM 1 FROM orders WHERE merchant_id = v_merchant AND id = v_order;
  IF FOUND THEN RETURN 'fallback'; END IF;

  -- The shopper: created the first time any event names them, locked, profile mirrored.
  -- one write: a known shopper is not offered to INSERT (its BEFORE trigger ran on every order).
  SELECT * INTO cur FROM customers WHERE merchant_id = v_merchant AND id = v_customer FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO customers (merchant_id, id) VALUES (v_merchant, v_customer) ON CONFLICT DO NOTHING;
    SELECT * INTO cur FROM customers WHERE merchant_id = v_merchant AND id = v_customer FOR UPDATE;
  END IF;
  -- holdout: begin (docs/decisions/049) — a shopper in the store's control group earns nothing
  -- until the store ends the holdout: the general path records the order as held_out.
  IF cur.holdout_arm = 'control' AND (cur.holdout_released_at IS NULL
      OR (p->>'placedAt')::timestamptz < cur.holdout_released_at) THEN
    RAISE EXCEPTION 'fast path: customer % is held out', v_customer USING ERRCODE = 'NQ001';
  END IF;
  -- holdout: end
  -- An erased shopper's profile is never mirrored again (migration 0009).
  v_newer := cur.erased_at IS NULL AND (cur.profile_event_at IS NULL OR v_at >= cur.profile_event_at);
  -- one write: the profile is mirrored by the shopper's one UPDATE at the end.
  v_profile := v_newer OR (cur.erased_at IS NULL AND v_has_birthday AND v_birthday IS NOT NULL
                           AND v_birthday = cur.birthday AND cur.birthday_set_at IS NOT NULL
                           AND v_at < cur.birthday_set_at);

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

  -- one write: the orders trigger leaves the shopper's figures to the UPDATE at the end.
  PERFORM set_config('nuqat.customer_orders_by_caller', 'on', true);
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
  ON CONFLICT DO NOTHING
  RETURNING * INTO o;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'fast path: order % appeared meanwhile', v_order USING ERRCODE = 'NQ001';
  END IF;
  PERFORM set_config('nuqat.customer_orders_by_caller', 'off', true);

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
  END IF;

  -- one write (decision 067): the profile, the order's figures (what nuqat_customer_orders adds
  -- for an inserted order) and the credit, as one new version of the shopper's row.
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
      WHEN NOT v_profile THEN birthday_set_at
      WHEN v_has_birthday AND v_newer AND v_birthday IS DISTINCT FROM cur.birthday
        THEN CASE WHEN v_birthday IS NULL THEN NULL ELSE v_at END
      WHEN v_has_birthday AND v_birthday IS NOT NULL AND v_birthday = cur.birthday
           AND cur.birthday_set_at IS NOT NULL AND v_at < cur.birthday_set_at THEN v_at
      ELSE birthday_set_at END,
    orders_count = orders_count + nuqat_order_counted(o)::int,
    spend_halalas = spend_halalas
      + CASE WHEN nuqat_order_counted(o) THEN greatest(o.earn_base_halalas - o.refunded_halalas, 0) ELSE 0 END,
    pending_points = pending_points + nuqat_order_pending(o),
    last_order_at = greatest(last_order_at, coalesce(o.placed_at, o.created_at)),
    points_balance = points_balance + greatest(v_credit, 0),
    lifetime_earned = lifetime_earned + greatest(v_credit, 0),
    updated_at = CASE WHEN v_profile OR v_credit > 0 THEN now() ELSE updated_at END
  WHERE merchant_id = v_merchant AND id = v_customer;

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
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_order_event"(p jsonb, body jsonb) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_merchant bigint := (p->>'merchantId')::bigint;
  v_order bigint := (p->>'orderId')::bigint;
  c jsonb := CASE WHEN jsonb_typeof(p->'customer') = 'object' THEN p->'customer' END;
  v_at timestamptz := (p->>'at')::timestamptz;
  -- The later of the service clock and the event's time: what "released by now" is judged at.
  v_settle timestamptz := (p->>'settleAt')::timestamptz;
  v_placed timestamptz := (p->>'placedAt')::timestamptz;
  v_total bigint := (p->>'totalHalalas')::bigint;
  v_spend bigint := (p->>'spendHalalas')::bigint;
  v_slug text := p->>'statusSlug';
  v_stage text := p->>'statusStage';
  v_release timestamptz := (p->>'releaseAt')::timestamptz;
  v_expiry_days integer := (p->>'expiryDays')::integer;
  e jsonb := CASE WHEN jsonb_typeof(p->'earn') = 'object' THEN p->'earn' END;
  v_version integer;
  v_owner bigint;
  cur customers%ROWTYPE;
  o orders%ROWTYPE;
  n orders%ROWTYPE;
  v_newer boolean;
  v_has_birthday boolean;
  v_birthday date;
  v_remaining bigint;
  v_refunded bigint;
  v_reversed boolean;
  v_changed boolean;
  v_mult integer := 100;
  v_campaign_pct integer;
  v_net bigint;
  v_rows integer;
  v_repeat_rows integer;
  v_points bigint;
  v_kept bigint;
  v_fraction double precision;
  v_target bigint := 0;
  v_diff bigint;
  v_key text;
  v_expires timestamptz;
  v_ledger bigint;
  v_left bigint;
  v_used bigint;
  lot record;
  -- one write (decision 067): what the shopper's one UPDATE at the end carries
  v_profile boolean := false;
  v_profile_newer boolean := false;
  -- what nuqat_customer_orders (0010) would add for this update of the order
  v_add_counted integer;
  v_add_spend bigint;
  v_add_pending integer;
  v_figures boolean;
  v_last timestamptz;
  v_credit bigint := 0;
  v_earned bigint := 0;
BEGIN
  PERFORM 1 FROM webhook_events WHERE dedupe_key = p->>'dedupeKey';
  IF FOUND THEN RETURN 'duplicate'; END IF;
  SELECT config_version INTO v_version FROM merchants WHERE id = v_merchant;
  IF NOT FOUND OR v_version <> (p->>'configVersion')::integer THEN RETURN 'stale'; END IF;
  -- The shopper first: the order names them (a guest order, or another shopper, is general).
  SELECT customer_id INTO v_owner FROM orders WHERE merchant_id = v_merchant AND id = v_order;
  IF NOT FOUND THEN RETURN 'unknown'; END IF;
  IF v_owner IS NULL OR (c IS NOT NULL AND (c->>'id')::bigint <> v_owner) THEN
    RETURN 'fallback';
  END IF;
  SELECT * INTO cur FROM customers WHERE merchant_id = v_merchant AND id = v_owner FOR UPDATE;
  IF NOT FOUND THEN RETURN 'fallback'; END IF;

  -- The profile the event carries, mirrored as lockCustomerWithProfile does (the fast path's
  -- block, migration 0010): an erased shopper's profile is never mirrored again.
  IF c IS NOT NULL THEN
    v_has_birthday := c ? 'birthday';
    v_birthday := (c->>'birthday')::date;
    v_newer := cur.erased_at IS NULL AND (cur.profile_event_at IS NULL OR v_at >= cur.profile_event_at);
    -- one write: mirrored by the shopper's one UPDATE at the end.
    v_profile_newer := v_newer;
    v_profile := v_newer OR (cur.erased_at IS NULL AND v_has_birthday AND v_birthday IS NOT NULL
                             AND v_birthday = cur.birthday AND cur.birthday_set_at IS NOT NULL
                             AND v_at < cur.birthday_set_at);
  END IF;

  SELECT * INTO o FROM orders WHERE merchant_id = v_merchant AND id = v_order FOR UPDATE;
  IF o.customer_id IS DISTINCT FROM v_owner THEN
    RAISE EXCEPTION 'event path: order % changed shopper', v_order USING ERRCODE = 'NQ001';
  END IF;

  -- The event's facts merged into the row, as mergeOrderFacts merges them.
  n := o;
  n.placed_at := CASE WHEN o.placed_at IS NOT NULL AND o.placed_at < v_placed THEN o.placed_at ELSE v_placed END;
  n.earn_base_halalas := greatest(o.earn_base_halalas, coalesce(v_total, 0));
  n.spend_halalas := greatest(o.spend_halalas, coalesce(v_spend, 0));
  v_newer := o.status_at IS NULL OR v_at >= o.status_at;
  IF v_newer AND (v_slug IS NOT NULL OR v_stage IS NOT NULL) THEN
    n.status_slug := coalesce(v_slug, o.status_slug);
    n.status_stage := coalesce(v_stage, o.status_stage);
    n.status_at := v_at;
  END IF;
  IF v_newer AND v_total IS NOT NULL THEN n.total_halalas := v_total; END IF;
  IF (p->>'cancels')::boolean THEN n.cancelled := true; END IF;
  IF (p->>'deletes')::boolean THEN n.deleted := true; END IF;
  IF v_stage = 'returned' THEN n.restored := true; END IF;
  IF jsonb_typeof(p->'refund') = 'object' THEN
    -- What Salla's order shows now (null: the refund could not be sized, so it counts as full).
    v_remaining := (p->'refund'->>'remainingHalalas')::bigint;
    v_refunded := n.earn_base_halalas - v_remaining;
    IF v_remaining IS NOT NULL AND v_refunded > 0 AND v_remaining > 0 THEN
      n.refunded_halalas := greatest(o.refunded_halalas, v_refunded);
    ELSE
      n.fully_refunded := true;
    END IF;
  END IF;
  IF jsonb_typeof(p->'lines') = 'array' AND o.earn_status = 'pending' THEN n.lines := p->'lines'; END IF;
  IF v_release IS NOT NULL AND (n.release_at IS NULL OR v_release < n.release_at) THEN
    n.release_at := v_release;
  END IF;
  v_reversed := n.cancelled OR n.deleted OR n.restored OR n.fully_refunded
    OR (n.earn_base_halalas > 0 AND n.refunded_halalas >= n.earn_base_halalas);

  -- A waiting order that qualifies now earns what the plan computed for it, if the plan's
  -- assumptions hold (its placing time, total and spend as merged), within a plan-usage slot.
  IF o.earn_status = 'pending' AND n.status_stage IN ('placed', 'returned') AND NOT v_reversed THEN
    IF e IS NULL OR n.placed_at <> (e->>'placedAt')::timestamptz
       OR n.earn_base_halalas <> (e->>'baseHalalas')::bigint
       OR n.spend_halalas <> (e->>'spendHalalas')::bigint THEN
      RAISE EXCEPTION 'event path: order % qualifies off plan', v_order USING ERRCODE = 'NQ001';
    END IF;
    IF cur.holdout_arm = 'control' AND (cur.holdout_released_at IS NULL
        OR n.placed_at < cur.holdout_released_at) THEN
      RAISE EXCEPTION 'event path: customer % is held out', v_owner USING ERRCODE = 'NQ001';
    END IF;
    INSERT INTO plan_usage AS u (merchant_id, period_start, slot, orders_counted)
    VALUES (v_merchant, (e->>'planPeriodStart')::timestamptz, (e->>'slot')::integer, 1)
    ON CONFLICT (merchant_id, period_start, slot) DO UPDATE
      SET orders_counted = u.orders_counted + 1
      WHERE e->>'slotCap' IS NULL OR u.orders_counted < (e->>'slotCap')::integer;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'event path: plan slot full' USING ERRCODE = 'NQ001';
    END IF;
    IF cur.tier_id IS NOT NULL THEN
      v_mult := coalesce((p->'tierMultipliers'->>(cur.tier_id::text))::integer, 100);
    END IF;
    v_campaign_pct := (e->>'campaignMultiplierPct')::integer;
    n.plan_period_start := (e->>'planPeriodStart')::timestamptz;
    n.qualified_at := v_at;
    n.earn_status := 'earned';
    n.earn_points := ((e->>'earnPoints')::bigint * v_mult * v_campaign_pct / 10000)::integer;
    n.amount_points := ((e->>'amountPoints')::bigint * v_mult * v_campaign_pct / 10000)::integer;
    n.tier_multiplier_pct := v_mult;
    n.campaign_multiplier_pct := v_campaign_pct;
    n.campaign_bonus_points := (e->>'campaignBonusPoints')::integer;
    n.campaign_ids := ARRAY(SELECT jsonb_array_elements_text(e->'campaignIds'))::uuid[];
    n.earning_basis := NULL;
  END IF;
  IF n.earn_status = 'earned' AND n.release_at IS NOT NULL AND n.release_at <= v_settle
     AND n.released_at IS NULL THEN
    n.released_at := n.release_at;
  END IF;

  -- one write: the orders trigger leaves the shopper's figures to the UPDATE at the end.
  PERFORM set_config('nuqat.customer_orders_by_caller', 'on', true);
  UPDATE orders SET
    placed_at = n.placed_at, status_slug = n.status_slug, status_stage = n.status_stage,
    status_at = n.status_at, total_halalas = n.total_halalas,
    earn_base_halalas = n.earn_base_halalas, spend_halalas = n.spend_halalas,
    cancelled = n.cancelled, deleted = n.deleted, restored = n.restored,
    refunded_halalas = n.refunded_halalas, fully_refunded = n.fully_refunded,
    earn_status = n.earn_status, qualified_at = n.qualified_at, earn_points = n.earn_points,
    amount_points = n.amount_points, plan_period_start = n.plan_period_start,
    release_at = n.release_at, released_at = n.released_at,
    tier_multiplier_pct = n.tier_multiplier_pct,
    campaign_multiplier_pct = n.campaign_multiplier_pct,
    campaign_bonus_points = n.campaign_bonus_points, campaign_ids = n.campaign_ids,
    lines = n.lines, earning_basis = n.earning_basis, updated_at = now()
  WHERE merchant_id = v_merchant AND id = v_order;
  PERFORM set_config('nuqat.customer_orders_by_caller', 'off', true);
  -- What nuqat_customer_orders (0010) would have added for this update of the order.
  v_add_counted := nuqat_order_counted(n)::int - nuqat_order_counted(o)::int;
  v_add_spend :=
    CASE WHEN nuqat_order_counted(n) THEN greatest(n.earn_base_halalas - n.refunded_halalas, 0) ELSE 0 END
    - CASE WHEN nuqat_order_counted(o) THEN greatest(o.earn_base_halalas - o.refunded_halalas, 0) ELSE 0 END;
  v_add_pending := nuqat_order_pending(n) - nuqat_order_pending(o);
  v_figures := v_add_counted <> 0 OR v_add_spend <> 0 OR v_add_pending <> 0;
  IF o.placed_at IS DISTINCT FROM n.placed_at THEN
    -- A placing time moved back (the engine keeps the earliest seen): the newest order again.
    SELECT max(coalesce(placed_at, created_at)) INTO v_last FROM orders
     WHERE merchant_id = v_merchant AND customer_id = v_owner;
  ELSIF v_figures THEN
    v_last := greatest(cur.last_order_at, coalesce(n.placed_at, n.created_at));
  ELSE
    v_last := cur.last_order_at;
  END IF;

  -- The order's points follow these facts only (orders.service.ts RECONCILE_FACTS).
  v_changed := o.earn_status IS DISTINCT FROM n.earn_status
    OR o.released_at IS DISTINCT FROM n.released_at OR o.placed_at IS DISTINCT FROM n.placed_at
    OR o.cancelled <> n.cancelled OR o.deleted <> n.deleted OR o.restored <> n.restored
    OR o.fully_refunded <> n.fully_refunded OR o.refunded_halalas <> n.refunded_halalas
    OR o.total_halalas <> n.total_halalas OR o.earn_base_halalas <> n.earn_base_halalas
    OR o.earn_points <> n.earn_points OR o.amount_points <> n.amount_points
    OR o.campaign_bonus_points <> n.campaign_bonus_points;

  IF n.earn_status = 'earned' AND v_changed THEN
    -- The general path's reconcile settles all the shopper's orders: another one whose holding
    -- period ended unreleased would be credited by it, so that event is the general path's.
    PERFORM 1 FROM orders
     WHERE merchant_id = v_merchant AND customer_id = v_owner AND id <> v_order
       AND earn_status = 'earned' AND released_at IS NULL AND release_at <= v_settle;
    IF FOUND THEN
      RAISE EXCEPTION 'event path: another order of % is due', v_owner USING ERRCODE = 'NQ001';
    END IF;
    SELECT coalesce(sum(delta - shortfall) FILTER (WHERE source_type = 'order'), 0),
           count(*) FILTER (WHERE source_type = 'order'),
           count(*) FILTER (WHERE source_type = 'repeat_purchase')
      INTO v_net, v_rows, v_repeat_rows
      FROM points_ledger
     WHERE merchant_id = v_merchant AND source_type IN ('order', 'repeat_purchase')
       AND source_id = v_order::text;
    IF v_repeat_rows > 0 THEN
      RAISE EXCEPTION 'event path: order % has a repeat bonus', v_order USING ERRCODE = 'NQ001';
    END IF;
    -- reconcile.ts: released and not reversed, the order's points times the share still kept.
    IF NOT v_reversed AND n.release_at IS NOT NULL AND n.release_at <= v_settle THEN
      v_points := n.earn_points + n.amount_points + n.campaign_bonus_points;
      IF n.earn_base_halalas <= 0 THEN
        v_target := v_points;
      ELSE
        v_kept := least(n.total_halalas, n.earn_base_halalas - n.refunded_halalas);
        v_fraction := greatest(0::double precision, least(1::double precision,
          v_kept::double precision / n.earn_base_halalas::double precision));
        v_target := floor(v_points::double precision * v_fraction)::bigint;
      END IF;
    END IF;
    v_diff := v_target - v_net;
    IF v_diff > 0 THEN
      -- A shopper who owes points repays them from any credit first: the general path's work.
      IF cur.points_debt > 0 THEN
        RAISE EXCEPTION 'event path: customer % owes points', v_owner USING ERRCODE = 'NQ001';
      END IF;
      v_key := 'order:' || v_order || CASE WHEN v_rows = 0 THEN ':earn' ELSE ':adjust:' || (v_rows + 1) END;
      v_expires := CASE WHEN v_expiry_days IS NOT NULL
        THEN coalesce(n.release_at, v_at) + (v_expiry_days::bigint * 86400) * interval '1 second' END;
      INSERT INTO points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
                                 rule_event, idempotency_key, expires_at, created_at)
      VALUES (v_merchant, v_owner, v_diff, 'earn', 'order', v_order::text, 'order.created', v_key,
              v_expires, v_at)
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
      RETURNING id INTO v_ledger;
      IF v_ledger IS NULL THEN
        RAISE EXCEPTION 'event path: key % used', v_key USING ERRCODE = 'NQ001';
      END IF;
      INSERT INTO points_lots (merchant_id, ledger_id, customer_id, source_type, source_id, amount,
                               remaining, expires_at, created_at)
      VALUES (v_merchant, v_ledger, v_owner, 'order', v_order::text, v_diff, v_diff, v_expires, v_at);
      v_credit := v_diff;
      v_earned := v_diff;
    ELSIF v_diff < 0 THEN
      -- A clawback the balance covers; one it does not (points spent, owed or forgiven) is the
      -- general path's (docs/decisions/027).
      IF cur.points_balance < -v_diff THEN
        RAISE EXCEPTION 'event path: clawback of % not covered', v_order USING ERRCODE = 'NQ001';
      END IF;
      v_key := 'order:' || v_order
        || CASE WHEN v_rows = 1 AND v_net > 0 THEN ':clawback' ELSE ':adjust:' || (v_rows + 1) END;
      INSERT INTO points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
                                 rule_event, idempotency_key, created_at)
      VALUES (v_merchant, v_owner, v_diff, 'clawback', 'order', v_order::text, 'order.created',
              v_key, v_at)
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
      RETURNING id INTO v_ledger;
      IF v_ledger IS NULL THEN
        RAISE EXCEPTION 'event path: key % used', v_key USING ERRCODE = 'NQ001';
      END IF;
      -- From the order's own lots first, then soonest expiry, then oldest (findOpenLots).
      v_left := -v_diff;
      FOR lot IN
        SELECT l.ledger_id, l.remaining FROM points_lots l
         WHERE l.merchant_id = v_merchant AND l.customer_id = v_owner AND l.remaining > 0
         ORDER BY CASE WHEN l.source_type = 'order' AND l.source_id = v_order::text THEN 0 ELSE 1 END,
                  l.expires_at ASC NULLS LAST, l.created_at ASC, l.ledger_id ASC
         FOR UPDATE
      LOOP
        EXIT WHEN v_left = 0;
        v_used := least(lot.remaining, v_left);
        UPDATE points_lots SET remaining = lot.remaining - v_used
         WHERE merchant_id = v_merchant AND ledger_id = lot.ledger_id;
        v_left := v_left - v_used;
      END LOOP;
      IF v_left <> 0 THEN
        RAISE EXCEPTION 'lots of customer % do not cover the balance', v_owner;
      END IF;
      v_credit := v_diff;
    END IF;
  END IF;

  -- one write (decision 067): the profile, the order's figures and the points, as one new version
  -- of the shopper's row (none when nothing of it changed).
  IF v_profile OR v_credit <> 0 OR v_figures OR v_last IS DISTINCT FROM cur.last_order_at THEN
    UPDATE customers SET
      first_name = CASE WHEN v_profile_newer AND c ? 'firstName' THEN c->>'firstName' ELSE first_name END,
      last_name = CASE WHEN v_profile_newer AND c ? 'lastName' THEN c->>'lastName' ELSE last_name END,
      email = CASE WHEN v_profile_newer AND c ? 'email' THEN c->>'email' ELSE email END,
      mobile = CASE WHEN v_profile_newer AND c ? 'mobile' THEN c->>'mobile' ELSE mobile END,
      avatar = CASE WHEN v_profile_newer AND c ? 'avatar' THEN c->>'avatar' ELSE avatar END,
      profile_event_at = CASE WHEN v_profile_newer THEN v_at ELSE profile_event_at END,
      birthday = CASE
        WHEN v_has_birthday AND v_profile_newer AND v_birthday IS DISTINCT FROM cur.birthday THEN v_birthday
        ELSE birthday END,
      birthday_set_at = CASE
        WHEN NOT v_profile THEN birthday_set_at
        WHEN v_has_birthday AND v_profile_newer AND v_birthday IS DISTINCT FROM cur.birthday
          THEN CASE WHEN v_birthday IS NULL THEN NULL ELSE v_at END
        WHEN v_has_birthday AND v_birthday IS NOT NULL AND v_birthday = cur.birthday
             AND cur.birthday_set_at IS NOT NULL AND v_at < cur.birthday_set_at THEN v_at
        ELSE birthday_set_at END,
      orders_count = orders_count + v_add_counted,
      spend_halalas = spend_halalas + v_add_spend,
      pending_points = pending_points + v_add_pending,
      last_order_at = v_last,
      points_balance = points_balance + v_credit,
      lifetime_earned = lifetime_earned + v_earned,
      updated_at = CASE WHEN v_profile OR v_credit <> 0 THEN now() ELSE updated_at END
    WHERE merchant_id = v_merchant AND id = v_owner;
  END IF;

  INSERT INTO webhook_events (merchant_id, dedupe_key, event, event_at, payload, outcome, note)
  VALUES (v_merchant, p->>'dedupeKey', p->>'event', (p->>'eventAt')::timestamptz, body,
          'processed', n.earn_status || coalesce(p->>'noteSuffix', ''))
  ON CONFLICT (dedupe_key) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'event path: delivery stored meanwhile' USING ERRCODE = 'NQ001';
  END IF;
  RETURN n.earn_status;
END $$;
