ALTER TABLE "tier_changes" ADD COLUMN "basis" text;--> statement-breakpoint
-- VIP tiers (0012) as before, and also: a customer of a store with tiers who is in none holds the
-- tier id 00000000-0000-0000-0000-000000000000 (so the customers list finds them through the tier
-- indexes of 0015; NULL stays for stores without tiers), each move keeps the basis its value
-- counts, and a move up
-- caused by the customer's own activity puts a tier_up e-mail in the notifications outbox (0013)
-- in the same transaction (decisions 023, 024).
CREATE OR REPLACE FUNCTION "nuqat_tier_recompute"(p_merchant bigint, p_customer bigint, p_cause text,
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
  v_change bigint;
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
    UPDATE customers SET tier_id = coalesce(v_target.id, '00000000-0000-0000-0000-000000000000'),
           tier_since = p_at, tier_below_since = NULL,
           tier_checked_at = p_at, tier_value = v_value
     WHERE merchant_id = p_merchant AND id = p_customer;
    INSERT INTO tier_changes (merchant_id, customer_id, from_tier, to_tier, direction, cause,
                              detail, basis, basis_value)
    VALUES (p_merchant, p_customer, nuqat_tier_brief(v_current), nuqat_tier_brief(v_target),
            v_move, CASE WHEN v_move < 0 AND s.grace_days > 0 THEN 'grace_ended' ELSE p_cause END,
            p_detail, s.basis, v_units)
    RETURNING id INTO v_change;
    -- The customer's own activity lifted them into a tier: tell them (the outbox, decision 023),
    -- in this transaction, once per move. A merchant's change of the tiers mails nobody.
    IF v_move > 0 AND v_target.id IS NOT NULL AND p_cause = 'activity' THEN
      INSERT INTO notification_outbox (merchant_id, customer_id, kind, idempotency_key, payload,
                                       created_at)
      VALUES (p_merchant, p_customer, 'tier_up', 'tier_up:' || p_customer || ':' || v_change,
              jsonb_build_object('tierName', jsonb_build_object('ar', v_target.name_ar,
                                                                'en', v_target.name_en),
                                 'multiplier', v_target.multiplier_pct / 100.0),
              p_at)
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING;
    END IF;
  ELSE
    -- (a tier removed meanwhile leaves nothing to point at)
    UPDATE customers SET tier_id = coalesce(v_current.id, '00000000-0000-0000-0000-000000000000'),
           tier_below_since = v_below, tier_checked_at = p_at, tier_value = v_value
     WHERE merchant_id = p_merchant AND id = p_customer;
  END IF;
  RETURN v_move;
END $$;--> statement-breakpoint
