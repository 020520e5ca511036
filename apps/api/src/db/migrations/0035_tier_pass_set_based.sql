-- The store-wide tier pass, set-based (issue 28, decision 054): one batch of customers after an id
-- is worked out by a few statements over the batch instead of nuqat_tier_recompute per customer.
-- The outcome is the same as calling nuqat_tier_recompute(m, id, p_cause, NULL, p_at) for each
-- customer of the batch in id order: the same tier, value, grace start and check time on the
-- customer, the same tier_changes rows (in id order), the same tier_up e-mails when the cause is
-- the customer's activity. The counters of 0015 are kept by one statement per batch instead of
-- the row trigger (which stands aside while nuqat.tier_counts_by_caller is 'on').
DROP TRIGGER "customers_tier_counts_update" ON "customers";--> statement-breakpoint
CREATE TRIGGER "customers_tier_counts_update" AFTER UPDATE OF "tier_id" ON "customers"
  FOR EACH ROW WHEN (OLD.tier_id IS DISTINCT FROM NEW.tier_id
                     AND current_setting('nuqat.tier_counts_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "nuqat_tier_counts"();--> statement-breakpoint
CREATE FUNCTION "nuqat_tier_pass"(p_merchant bigint, p_after bigint, p_limit integer,
                                  p_cause text, p_at timestamptz)
  RETURNS TABLE (last_id bigint, seen integer, moved integer)
LANGUAGE plpgsql AS $$
DECLARE
  s tier_settings%ROWTYPE;
  v_live boolean;
  v_hi bigint;
  v_seen integer;
  v_moved integer := 0;
  v_from timestamptz;
BEGIN
  -- The batch, locked as nuqat_tier_recompute locks each customer before reading their value.
  SELECT max(b.id), count(*) INTO v_hi, v_seen FROM (
    SELECT c.id FROM customers c
     WHERE c.merchant_id = p_merchant AND c.id > p_after AND c.erased_at IS NULL
     ORDER BY c.id LIMIT p_limit FOR UPDATE) b;
  SELECT * INTO s FROM tier_settings WHERE merchant_id = p_merchant;
  v_live := FOUND AND s.enabled;
  IF v_live THEN
    PERFORM 1 FROM merchants WHERE id = p_merchant AND plan = 'growth';
    v_live := FOUND;
  END IF;
  IF v_seen = 0 OR NOT v_live THEN
    RETURN QUERY SELECT v_hi, v_seen, 0;
    RETURN;
  END IF;
  v_from := CASE WHEN s.window = 'lifetime' THEN '-infinity'::timestamptz
                 ELSE p_at - interval '12 months' END;

  CREATE TEMP TABLE IF NOT EXISTS nuqat_tier_pass_rows (
    id bigint PRIMARY KEY, old_tier uuid, new_tier uuid, value bigint, units bigint,
    move integer, below timestamptz, cur tiers, target tiers) ON COMMIT DROP;
  TRUNCATE nuqat_tier_pass_rows;

  INSERT INTO nuqat_tier_pass_rows (id, old_tier, new_tier, value, units, move, below, cur, target)
  WITH agg AS (
    SELECT l.customer_id, sum(l.delta) AS v FROM points_ledger l
     WHERE s.basis = 'points' AND l.merchant_id = p_merchant
       AND l.customer_id > p_after AND l.customer_id <= v_hi AND l.created_at > v_from
       AND l.kind IN ('earn', 'clawback', 'adjust', 'referral', 'import')
     GROUP BY l.customer_id
    UNION ALL
    SELECT x.customer_id, sum(greatest(x.earn_base_halalas - x.refunded_halalas, 0)) FROM orders x
     WHERE s.basis = 'spend' AND s.window <> 'lifetime' AND x.merchant_id = p_merchant
       AND x.customer_id > p_after AND x.customer_id <= v_hi AND nuqat_order_counted(x)
       AND coalesce(x.placed_at, x.created_at) > v_from
     GROUP BY x.customer_id
  ), ladder AS (
    SELECT t, t.threshold AS lo, lead(t.threshold) OVER (ORDER BY t.threshold) AS hi
      FROM tiers t WHERE t.merchant_id = p_merchant
  ), valued AS (
    SELECT c.id, c.tier_id, c.tier_below_since,
           greatest(coalesce(CASE WHEN s.basis = 'spend' AND s.window = 'lifetime'
                                  THEN c.spend_halalas ELSE a.v END, 0), 0)::bigint AS value
      FROM customers c LEFT JOIN agg a ON a.customer_id = c.id
     WHERE c.merchant_id = p_merchant AND c.id > p_after AND c.id <= v_hi AND c.erased_at IS NULL
  ), placed AS (
    SELECT v.*, CASE WHEN s.basis = 'spend' THEN v.value / 100 ELSE v.value END AS units,
           (SELECT l.t FROM ladder l WHERE l.lo <= (CASE WHEN s.basis = 'spend' THEN v.value / 100
                                                         ELSE v.value END)
               AND (l.hi IS NULL OR l.hi > (CASE WHEN s.basis = 'spend' THEN v.value / 100
                                                 ELSE v.value END))) AS target,
           (SELECT ct FROM tiers ct WHERE ct.merchant_id = p_merchant AND ct.id = v.tier_id) AS cur
      FROM valued v
  ), decided AS (
    SELECT p.*, CASE
             WHEN coalesce((p.target).position, 0) > coalesce((p.cur).position, 0) THEN 1
             WHEN coalesce((p.target).position, 0) < coalesce((p.cur).position, 0)
              AND p_at >= coalesce(p.tier_below_since, p_at) + make_interval(days => s.grace_days)
             THEN -1 ELSE 0 END AS move
      FROM placed p
  )
  SELECT d.id, d.tier_id,
         CASE WHEN d.move <> 0 THEN coalesce((d.target).id, '00000000-0000-0000-0000-000000000000')
              ELSE coalesce((d.cur).id, '00000000-0000-0000-0000-000000000000') END,
         d.value, d.units, d.move,
         CASE WHEN d.move = 0 AND coalesce((d.target).position, 0) < coalesce((d.cur).position, 0)
              THEN coalesce(d.tier_below_since, p_at) END,
         d.cur, d.target
    FROM decided d;

  PERFORM set_config('nuqat.tier_counts_by_caller', 'on', true);
  UPDATE customers c
     SET tier_id = r.new_tier,
         tier_since = CASE WHEN r.move <> 0 THEN p_at ELSE c.tier_since END,
         tier_below_since = r.below, tier_checked_at = p_at, tier_value = r.value
    FROM nuqat_tier_pass_rows r
   WHERE c.merchant_id = p_merchant AND c.id > p_after AND c.id <= v_hi AND c.id = r.id;
  PERFORM set_config('nuqat.tier_counts_by_caller', 'off', true);
  -- The counters, as the row trigger would have kept them: minus the old tier, plus the new.
  WITH delta AS (
    SELECT old_tier AS tier_id, (id % 8)::integer AS slot, -count(*) AS n
      FROM nuqat_tier_pass_rows r
     WHERE old_tier IS NOT NULL AND old_tier IS DISTINCT FROM new_tier
     GROUP BY 1, 2
    UNION ALL
    SELECT new_tier, (id % 8)::integer, count(*)
      FROM nuqat_tier_pass_rows r
     WHERE old_tier IS DISTINCT FROM new_tier
     GROUP BY 1, 2
  ), summed AS (SELECT tier_id, slot, sum(n)::bigint AS n FROM delta GROUP BY 1, 2)
  INSERT INTO tier_counts AS t (merchant_id, tier_id, slot, customers)
  SELECT p_merchant, tier_id, slot, n FROM summed
  ON CONFLICT (merchant_id, tier_id, slot) DO UPDATE SET customers = t.customers + EXCLUDED.customers;

  WITH changed AS (
    INSERT INTO tier_changes (merchant_id, customer_id, from_tier, to_tier, direction, cause,
                              detail, basis, basis_value)
    SELECT p_merchant, r.id, nuqat_tier_brief(r.cur), nuqat_tier_brief(r.target), r.move,
           CASE WHEN r.move < 0 AND s.grace_days > 0 THEN 'grace_ended' ELSE p_cause END,
           NULL, s.basis, r.units
      FROM nuqat_tier_pass_rows r WHERE r.move <> 0 ORDER BY r.id
    RETURNING id, customer_id, direction
  ), mailed AS (
    INSERT INTO notification_outbox (merchant_id, customer_id, kind, idempotency_key, payload,
                                     created_at)
    SELECT p_merchant, ch.customer_id, 'tier_up', 'tier_up:' || ch.customer_id || ':' || ch.id,
           jsonb_build_object('tierName', jsonb_build_object('ar', (r.target).name_ar,
                                                             'en', (r.target).name_en),
                              'multiplier', (r.target).multiplier_pct / 100.0),
           p_at
      FROM changed ch JOIN nuqat_tier_pass_rows r ON r.id = ch.customer_id
     WHERE p_cause = 'activity' AND ch.direction > 0 AND (r.target).id IS NOT NULL
    ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
  )
  SELECT count(*) INTO v_moved FROM changed;

  TRUNCATE nuqat_tier_pass_rows;
  RETURN QUERY SELECT v_hi, v_seen, v_moved;
END $$;
