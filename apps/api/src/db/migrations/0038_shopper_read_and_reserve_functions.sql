-- Issue 28, decision 059: a shopper's loyalty page read in one round trip.
-- nuqat_shopper_read answers, as one jsonb, everything GET /api/customers/loyalty/{m}/{c} reads
-- per request: the session (when asked), the store and shopper rows, their claimed ways to earn,
-- the usage of the store's limited rewards, their reward coupons (with the reward), the newest
-- ledger rows and the order references they name, the points expiring before p_until, the
-- pending points of orders not released, their referral coupons, referral code and counts.
-- Rows come as to_jsonb of the table's row (the API maps them back through the Drizzle columns);
-- the queries are the ones the API made one by one before (shopper.repository.ts and the
-- repositories of rewards, earn-actions and referrals), with the same order and limits.
-- Reads only: the caller writes (the page's language, a follow that came due) through the owners.
CREATE FUNCTION "nuqat_shopper_read"(
  p_merchant bigint, p_customer bigint, p_session uuid, p_now timestamptz, p_until timestamptz,
  p_history integer, p_coupons integer, p_usage_statuses text[]
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_session jsonb;
  v_merchant jsonb;
  m merchants%ROWTYPE;
  c customers%ROWTYPE;
  v_ledger jsonb;
BEGIN
  IF p_session IS NOT NULL THEN
    SELECT to_jsonb(s) INTO v_session FROM shopper_sessions s
     WHERE s.merchant_id = p_merchant AND s.id = p_session;
  END IF;
  SELECT * INTO m FROM merchants WHERE id = p_merchant;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('session', v_session, 'merchant', NULL, 'customer', NULL);
  END IF;
  SELECT * INTO c FROM customers WHERE merchant_id = p_merchant AND id = p_customer;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('session', v_session, 'merchant', to_jsonb(m), 'customer', NULL);
  END IF;

  SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l.created_at DESC, l.id DESC), '[]'::jsonb)
    INTO v_ledger
    FROM (SELECT * FROM points_ledger
           WHERE merchant_id = p_merchant AND customer_id = p_customer
           ORDER BY created_at DESC, id DESC LIMIT p_history) l;

  RETURN jsonb_build_object(
    'session', v_session,
    'merchant', to_jsonb(m),
    'customer', to_jsonb(c),
    'claims', (SELECT coalesce(jsonb_agg(to_jsonb(a)), '[]'::jsonb) FROM earn_actions a
                WHERE a.merchant_id = p_merchant AND a.customer_id = p_customer),
    'usage', (SELECT coalesce(jsonb_object_agg(u.reward_id, u.n), '{}'::jsonb)
                FROM (SELECT d.reward_id, count(*) AS n
                        FROM redemptions d
                       WHERE d.merchant_id = p_merchant
                         AND d.reward_id IN (SELECT w.id FROM rewards w
                                              WHERE w.merchant_id = p_merchant
                                                AND w.deleted_at IS NULL
                                                AND w.max_usage IS NOT NULL)
                         AND d.status = ANY (p_usage_statuses)
                       GROUP BY d.reward_id) u),
    'redemptions', (SELECT coalesce(jsonb_agg(x.row ORDER BY x.created_at DESC, x.id DESC), '[]'::jsonb)
                      FROM (SELECT to_jsonb(d) || jsonb_build_object('reward', to_jsonb(w)) AS row,
                                   d.created_at, d.id
                              FROM redemptions d
                              JOIN rewards w ON w.merchant_id = d.merchant_id AND w.id = d.reward_id
                             WHERE d.merchant_id = p_merchant AND d.customer_id = p_customer
                             ORDER BY d.created_at DESC, d.id DESC LIMIT p_coupons) x),
    'ledger', v_ledger,
    'orderRefs', (SELECT coalesce(jsonb_object_agg(o.id::text, o.reference_id), '{}'::jsonb)
                    FROM orders o
                   WHERE o.merchant_id = p_merchant AND o.reference_id IS NOT NULL
                     AND o.id IN (SELECT (e->>'source_id')::bigint
                                    FROM jsonb_array_elements(v_ledger) e
                                   WHERE e->>'source_type' IN ('order', 'repeat_purchase')
                                     AND e->>'source_id' ~ '^[0-9]{1,15}$')),
    'expiring', (SELECT jsonb_build_object('points', coalesce(sum(t.remaining), 0),
                                           'firstAt', min(t.expires_at))
                   FROM points_lots t
                  WHERE t.merchant_id = p_merchant AND t.customer_id = p_customer
                    AND t.remaining > 0 AND t.expires_at > p_now AND t.expires_at <= p_until),
    'pending', (SELECT coalesce(sum(o.earn_points + o.amount_points), 0)
                  FROM orders o
                 WHERE o.merchant_id = p_merchant AND o.customer_id = p_customer
                   AND o.earn_status = 'earned' AND o.released_at IS NULL
                   AND NOT o.cancelled AND NOT o.deleted AND NOT o.restored
                   AND NOT o.fully_refunded),
    'referralCoupons', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.created_at DESC, x.id DESC), '[]'::jsonb)
      FROM (SELECT * FROM (
              SELECT r.id AS id, r.id AS referral_id, 'friend' AS side,
                     r.friend_coupon_code AS code, r.friend_coupon_status AS status,
                     r.friend_type AS type, r.friend_value AS value,
                     r.friend_max_amount AS max_amount,
                     r.friend_coupon_expires_at AS expires_at, r.claimed_at AS created_at,
                     r.friend_used_order_id::text AS used_order_id, fc.id::text AS customer_id,
                     fc.first_name, fc.last_name, coalesce(fc.email, r.friend_email) AS email
                FROM referrals r
                LEFT JOIN customers fc ON fc.merchant_id = r.merchant_id AND fc.id = r.friend_customer_id
               WHERE r.merchant_id = p_merchant AND r.friend_coupon_status <> 'none'
                 AND r.status <> 'blocked'
                 AND (r.friend_customer_id = p_customer
                      OR (c.email IS NOT NULL AND c.email <> ''
                          AND nuqat_email_key(r.friend_email) = nuqat_email_key(c.email)))
              UNION ALL
              SELECT md5(r.id::text || ':inviter')::uuid, r.id, 'inviter',
                     r.inviter_coupon_code, r.inviter_coupon_status,
                     r.inviter_type, r.inviter_value, r.inviter_max_amount,
                     r.inviter_coupon_expires_at, coalesce(r.completed_at, r.updated_at),
                     r.inviter_used_order_id::text, ic.id::text, ic.first_name, ic.last_name, ic.email
                FROM referrals r
                LEFT JOIN customers ic ON ic.merchant_id = r.merchant_id AND ic.id = r.inviter_customer_id
               WHERE r.merchant_id = p_merchant AND r.inviter_coupon_status <> 'none'
                 AND r.inviter_customer_id = p_customer
            ) y ORDER BY y.created_at DESC, y.id DESC LIMIT p_coupons) x),
    'referralCode', (SELECT k.code FROM referral_codes k
                      WHERE k.merchant_id = p_merchant AND k.customer_id = p_customer),
    'referralCounts', (SELECT jsonb_build_object(
                         'invited', count(*) FILTER (WHERE r.status <> 'blocked'),
                         'rewarded', count(*) FILTER (WHERE r.status = 'completed'))
                         FROM referrals r
                        WHERE r.merchant_id = p_merchant AND r.inviter_customer_id = p_customer)
  );
END;
$$;
--> statement-breakpoint
-- Issue 28, decision 059: a redemption's reserve step (decision 007, step 1) in one statement.
-- The application reads the store first and decides what depends on it alone (`block`: why
-- redeeming is off, or null; `allowedTypes`: the reward types its plan offers; `vipTiers`); this
-- function takes the rest in the order the reserve transaction took it before: a retried
-- request's redemption (answered as it is), the shopper's lock, the reward's share lock and its
-- checks, a limited reward's usage lock (decision 051), the balance, then the redemption row
-- (`pending`, the code the application made), the debit (`redeem:{id}`, one ledger row) taken
-- from the shopper's open lots (soonest expiry first, as the engine's debitPoints takes them)
-- and the cached balance. It answers {"error": CODE} having written nothing, {"raced": true}
-- when the same request id was reserved a moment ago by another request, or {"redemption": row,
-- "created": bool} with the reward in the row.
CREATE FUNCTION "nuqat_redeem_reserve"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_merchant bigint := (p->>'merchantId')::bigint;
  v_customer bigint := (p->>'customerId')::bigint;
  v_reward uuid := (p->>'rewardId')::uuid;
  v_id uuid := (p->>'redemptionId')::uuid;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_balance integer;
  w rewards%ROWTYPE;
  d redemptions%ROWTYPE;
  v_need integer;
  v_have integer;
  v_enabled boolean;
  v_ledger bigint;
  v_left integer;
  v_used integer;
  lot record;
BEGIN
  SELECT * INTO d FROM redemptions WHERE merchant_id = v_merchant AND id = v_id;
  IF FOUND THEN
    SELECT * INTO w FROM rewards WHERE merchant_id = v_merchant AND id = d.reward_id;
    RETURN jsonb_build_object('redemption', to_jsonb(d) || jsonb_build_object('reward', to_jsonb(w)),
                              'created', false);
  END IF;
  IF p->>'block' IS NOT NULL THEN RETURN jsonb_build_object('error', p->>'block'); END IF;

  SELECT points_balance INTO v_balance FROM customers
   WHERE merchant_id = v_merchant AND id = v_customer FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('error', 'NOT_FOUND'); END IF;
  -- The same request reserved by another one while this one waited for the shopper's lock.
  PERFORM 1 FROM redemptions WHERE merchant_id = v_merchant AND id = v_id;
  IF FOUND THEN RETURN jsonb_build_object('raced', true); END IF;
  SELECT * INTO w FROM rewards
   WHERE merchant_id = v_merchant AND id = v_reward AND deleted_at IS NULL FOR SHARE;
  IF NOT FOUND OR NOT w.is_active THEN RETURN jsonb_build_object('error', 'REWARD_UNAVAILABLE'); END IF;
  IF NOT (p->'allowedTypes' ? w.type) THEN
    RETURN jsonb_build_object('error', 'REWARD_UNAVAILABLE');
  END IF;
  IF w.min_tier_id IS NOT NULL THEN
    -- Reserved for a VIP tier and above (decision 024): offered only while tiers are on.
    SELECT position INTO v_need FROM tiers WHERE merchant_id = v_merchant AND id = w.min_tier_id;
    SELECT t.position INTO v_have FROM customers c
      JOIN tiers t ON t.merchant_id = c.merchant_id AND t.id = c.tier_id
     WHERE c.merchant_id = v_merchant AND c.id = v_customer;
    SELECT coalesce((SELECT enabled FROM tier_settings WHERE merchant_id = v_merchant), false)
      INTO v_enabled;
    IF NOT v_enabled OR v_need IS NULL OR NOT coalesce((p->>'vipTiers')::boolean, false) THEN
      RETURN jsonb_build_object('error', 'REWARD_UNAVAILABLE');
    END IF;
    IF coalesce(v_have, 0) < v_need THEN RETURN jsonb_build_object('error', 'TIER_REQUIRED'); END IF;
  END IF;
  IF w.max_usage IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(7243002, hashtext(w.id::text));
    IF (SELECT count(*) FROM redemptions
         WHERE merchant_id = v_merchant AND reward_id = w.id AND status <> 'failed') >= w.max_usage THEN
      RETURN jsonb_build_object('error', 'REWARD_LIMIT_REACHED');
    END IF;
  END IF;
  IF v_balance < w.points_required THEN RETURN jsonb_build_object('error', 'INSUFFICIENT_POINTS'); END IF;

  INSERT INTO redemptions (merchant_id, id, customer_id, reward_id, points, status, coupon_code,
                           coupon_expires_at, created_at, updated_at)
  VALUES (v_merchant, v_id, v_customer, w.id, w.points_required, 'pending', p->>'couponCode',
          v_at + w.coupon_valid_days * interval '24 hours', v_at, v_at)
  ON CONFLICT (merchant_id, id) DO NOTHING
  RETURNING * INTO d;
  IF NOT FOUND THEN RETURN jsonb_build_object('raced', true); END IF;

  INSERT INTO points_ledger (merchant_id, customer_id, delta, kind, source_type, source_id,
                             rule_event, idempotency_key, shortfall, debt_delta, note, created_at)
  VALUES (v_merchant, v_customer, -w.points_required, 'redeem', 'redemption', v_id::text, NULL,
          'redeem:' || v_id::text, 0, 0, w.name, v_at)
  ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_ledger;
  IF v_ledger IS NULL THEN RAISE EXCEPTION 'redemption % not debited', v_id; END IF;
  v_left := w.points_required;
  FOR lot IN SELECT l.ledger_id, l.remaining FROM points_lots l
              WHERE l.merchant_id = v_merchant AND l.customer_id = v_customer AND l.remaining > 0
              ORDER BY l.expires_at ASC NULLS LAST, l.created_at ASC, l.ledger_id ASC
              FOR UPDATE LOOP
    EXIT WHEN v_left = 0;
    v_used := least(lot.remaining, v_left);
    UPDATE points_lots SET remaining = lot.remaining - v_used
     WHERE merchant_id = v_merchant AND ledger_id = lot.ledger_id;
    v_left := v_left - v_used;
  END LOOP;
  IF v_left <> 0 THEN
    RAISE EXCEPTION 'lots of customer % do not cover the balance', v_customer;
  END IF;
  UPDATE customers SET points_balance = points_balance - w.points_required,
                       lifetime_redeemed = lifetime_redeemed + w.points_required,
                       updated_at = now()
   WHERE merchant_id = v_merchant AND id = v_customer;
  RETURN jsonb_build_object('redemption', to_jsonb(d) || jsonb_build_object('reward', to_jsonb(w)),
                            'created', true);
END;
$$;
--> statement-breakpoint
-- Issue 28, decision 059: a redemption's issue step after Salla made the coupon, in one
-- statement: the pending redemption locked and marked `issued` with Salla's coupon id, its
-- coupon mail written to the outbox in the same transaction (`mail`: the row the notifications
-- module made, `outboxRowOf`; once per key), and the redemption as it is now, with its reward.
-- A redemption no longer pending is left alone ("issued": false), as markIssued did.
CREATE FUNCTION "nuqat_redeem_issued"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_merchant bigint := (p->>'merchantId')::bigint;
  v_id uuid := (p->>'redemptionId')::uuid;
  m jsonb := p->'mail';
  v_at timestamptz;
  d redemptions%ROWTYPE;
  w rewards%ROWTYPE;
  v_issued boolean := false;
BEGIN
  PERFORM 1 FROM redemptions
   WHERE merchant_id = v_merchant AND id = v_id AND status = 'pending' FOR UPDATE;
  IF FOUND THEN
    UPDATE redemptions SET status = 'issued', salla_coupon_id = p->>'sallaCouponId', updated_at = now()
     WHERE merchant_id = v_merchant AND id = v_id;
    v_issued := true;
    IF m IS NOT NULL AND jsonb_typeof(m) = 'object' THEN
      v_at := (m->>'createdAt')::timestamptz;
      INSERT INTO notification_outbox (merchant_id, customer_id, kind, idempotency_key, payload,
                                       channel, next_attempt_at, created_at, updated_at)
      VALUES (v_merchant, (m->>'customerId')::bigint, m->>'kind', m->>'idempotencyKey',
              m->'payload', m->>'channel', v_at, v_at, v_at)
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING;
    END IF;
  END IF;
  SELECT * INTO d FROM redemptions WHERE merchant_id = v_merchant AND id = v_id;
  SELECT * INTO w FROM rewards WHERE merchant_id = v_merchant AND id = d.reward_id;
  RETURN jsonb_build_object('issued', v_issued,
                            'redemption', to_jsonb(d) || jsonb_build_object('reward', to_jsonb(w)));
END;
$$;
