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
