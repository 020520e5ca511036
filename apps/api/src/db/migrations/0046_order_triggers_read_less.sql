-- Two functions every new order runs, made cheaper with the same answers (docs/decisions/067).
-- nuqat_email_key (0016) is the expression of customers_email_key_idx, evaluated for every new
-- version of a shopper's row: as an SQL function with subqueries and regular expressions it was
-- planned afresh on each call (about 0.1 ms); in PL/pgSQL its plan is kept, and the last '@' is
-- found with strpos on the reversed text instead of a regular expression. Same key for every
-- input (email-key.test.ts holds both to the same cases), so the index stays valid as it is.
-- nuqat_insights_order_apply (0008) counted and grouped every other order of the shopper to learn
-- whether they had none, one, or one this month or before it: now at most two are read, and the
-- month tests are index ranges that stop at the first order found.
CREATE OR REPLACE FUNCTION "nuqat_email_key"(email text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  e text := lower(btrim(email, E' \t\r\n'));
  -- the last '@' (the local part may hold one, quoted): its place from the end
  a integer := strpos(reverse(e), '@');
  l text;
  d text;
BEGIN
  IF a = 0 THEN RETURN e; END IF;
  l := split_part(left(e, length(e) - a), '+', 1);
  d := right(e, a - 1);
  IF d IN ('gmail.com', 'googlemail.com') THEN RETURN replace(l, '.', '') || '@gmail.com'; END IF;
  RETURN l || '@' || d;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "nuqat_insights_order_apply"(o orders, s integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := nuqat_riyadh_day(coalesce(o.placed_at, o.created_at));
  v_month date := date_trunc('month', v_day)::date;
  -- the month's bounds as instants: nuqat_riyadh_day(t) >= v_month exactly when t >= v_from
  v_from timestamptz := (v_month::timestamp - interval '3 hours') AT TIME ZONE 'UTC';
  v_to timestamptz := ((v_month + interval '1 month')::date::timestamp - interval '3 hours') AT TIME ZONE 'UTC';
  v_sales bigint := greatest(o.earn_base_halalas - o.refunded_halalas, 0);
  v_member integer := (o.customer_id IS NOT NULL)::int;
  v_coupon integer := (o.coupon_redemption_id IS NOT NULL)::int;
  v_others integer := 0;
  v_in_month boolean := false;
  v_before boolean := false;
BEGIN
  IF o.customer_id IS NOT NULL THEN
    -- Only "none", "one" and "more" matter: at most two of the shopper's other orders are read.
    SELECT count(*) INTO v_others FROM (
      SELECT 1 FROM orders x
       WHERE x.merchant_id = o.merchant_id AND x.customer_id = o.customer_id AND x.id <> o.id
         AND nuqat_order_counted(x)
       LIMIT 2) others;
    IF v_others > 0 THEN
      -- coalesce(placed_at, created_at) in a range, as two ranges of the orders_customer_idx
      -- (merchant, customer, placed_at): a shopper's history is not read to the end.
      v_in_month := EXISTS (
        SELECT 1 FROM orders x
         WHERE x.merchant_id = o.merchant_id AND x.customer_id = o.customer_id
           AND x.placed_at >= v_from AND x.placed_at < v_to
           AND x.id <> o.id AND nuqat_order_counted(x))
        OR EXISTS (
        SELECT 1 FROM orders x
         WHERE x.merchant_id = o.merchant_id AND x.customer_id = o.customer_id
           AND x.placed_at IS NULL AND x.created_at >= v_from AND x.created_at < v_to
           AND x.id <> o.id AND nuqat_order_counted(x));
      v_before := EXISTS (
        SELECT 1 FROM orders x
         WHERE x.merchant_id = o.merchant_id AND x.customer_id = o.customer_id
           AND x.placed_at < v_from AND x.id <> o.id AND nuqat_order_counted(x))
        OR EXISTS (
        SELECT 1 FROM orders x
         WHERE x.merchant_id = o.merchant_id AND x.customer_id = o.customer_id
           AND x.placed_at IS NULL AND x.created_at < v_from
           AND x.id <> o.id AND nuqat_order_counted(x));
    END IF;
  END IF;
  INSERT INTO insights_pending (merchant_id, day, orders, sales_halalas, member_orders,
                                member_sales_halalas, coupon_orders, coupon_sales_halalas, buyers,
                                repeat_buyers, month_buyers, month_returning_buyers)
  VALUES (o.merchant_id, v_day, s, s * v_sales, s * v_member, s * v_member * v_sales,
          s * v_coupon, s * v_coupon * v_sales,
          s * (v_member = 1 AND v_others = 0)::int, s * (v_member = 1 AND v_others = 1)::int,
          s * (v_member = 1 AND NOT v_in_month)::int,
          s * (v_member = 1 AND NOT v_in_month AND v_before)::int);
END $$;
