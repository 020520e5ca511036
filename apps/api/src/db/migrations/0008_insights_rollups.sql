CREATE TABLE "insights_daily" (
	"merchant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	"points_redeemed" bigint DEFAULT 0 NOT NULL,
	"points_expired" bigint DEFAULT 0 NOT NULL,
	"points_clawed_back" bigint DEFAULT 0 NOT NULL,
	"points_net" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales_halalas" bigint DEFAULT 0 NOT NULL,
	"member_orders" integer DEFAULT 0 NOT NULL,
	"member_sales_halalas" bigint DEFAULT 0 NOT NULL,
	"coupon_orders" integer DEFAULT 0 NOT NULL,
	"coupon_sales_halalas" bigint DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	"repeat_buyers" integer DEFAULT 0 NOT NULL,
	"month_buyers" integer DEFAULT 0 NOT NULL,
	"month_returning_buyers" integer DEFAULT 0 NOT NULL,
	"coupons_issued" integer DEFAULT 0 NOT NULL,
	"coupons_used" integer DEFAULT 0 NOT NULL,
	"coupons_cancelled" integer DEFAULT 0 NOT NULL,
	"bucket_0" integer DEFAULT 0 NOT NULL,
	"bucket_1" integer DEFAULT 0 NOT NULL,
	"bucket_2" integer DEFAULT 0 NOT NULL,
	"bucket_3" integer DEFAULT 0 NOT NULL,
	"bucket_4" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_daily_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "insights_pending" (
	"merchant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"points_earned" bigint DEFAULT 0 NOT NULL,
	"points_redeemed" bigint DEFAULT 0 NOT NULL,
	"points_expired" bigint DEFAULT 0 NOT NULL,
	"points_clawed_back" bigint DEFAULT 0 NOT NULL,
	"points_net" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales_halalas" bigint DEFAULT 0 NOT NULL,
	"member_orders" integer DEFAULT 0 NOT NULL,
	"member_sales_halalas" bigint DEFAULT 0 NOT NULL,
	"coupon_orders" integer DEFAULT 0 NOT NULL,
	"coupon_sales_halalas" bigint DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	"repeat_buyers" integer DEFAULT 0 NOT NULL,
	"month_buyers" integer DEFAULT 0 NOT NULL,
	"month_returning_buyers" integer DEFAULT 0 NOT NULL,
	"coupons_issued" integer DEFAULT 0 NOT NULL,
	"coupons_used" integer DEFAULT 0 NOT NULL,
	"coupons_cancelled" integer DEFAULT 0 NOT NULL,
	"bucket_0" integer DEFAULT 0 NOT NULL,
	"bucket_1" integer DEFAULT 0 NOT NULL,
	"bucket_2" integer DEFAULT 0 NOT NULL,
	"bucket_3" integer DEFAULT 0 NOT NULL,
	"bucket_4" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "used_order_id" bigint;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_redemption_id" uuid;--> statement-breakpoint
ALTER TABLE "insights_daily" ADD CONSTRAINT "insights_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_pending_merchant_idx" ON "insights_pending" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "redemptions_code_idx" ON "redemptions" USING btree ("merchant_id","coupon_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_top_idx" ON "customers" USING btree ("merchant_id","points_balance" DESC NULLS LAST,"id");--> statement-breakpoint
-- Insights rollups (docs/decisions/014, docs/insights.md). Triggers append differences to
-- insights_pending in the writer's own transaction: an INSERT into a table without a unique key
-- takes no lock another writer waits for, so no store-wide row is ever hot and no two writers
-- can deadlock on counters. nuqat_insights_fold() moves them into insights_daily (a job, every
-- 5 seconds); readers sum both, so a figure is exact at every commit, folded or not.
CREATE FUNCTION "nuqat_riyadh_day"(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((ts AT TIME ZONE 'UTC') + interval '3 hours')::date
$$;--> statement-breakpoint
-- The spec's balance buckets: 0–100, 101–500, 501–1000, 1001–2000, more than 2000.
CREATE FUNCTION "nuqat_points_bucket"(balance integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN balance <= 100 THEN 0 WHEN balance <= 500 THEN 1 WHEN balance <= 1000 THEN 2
              WHEN balance <= 2000 THEN 3 ELSE 4 END
$$;--> statement-breakpoint
-- An order counts as a sale unless it was cancelled, deleted, returned or fully refunded.
CREATE FUNCTION "nuqat_order_counted"(o orders) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT (o.cancelled OR o.deleted OR o.restored OR o.fully_refunded)
$$;--> statement-breakpoint
CREATE FUNCTION "nuqat_insights_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer := nuqat_points_bucket(NEW.points_balance);
  o integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insights_pending (merchant_id, day, members, bucket_0, bucket_1, bucket_2, bucket_3, bucket_4)
    VALUES (NEW.merchant_id, nuqat_riyadh_day(NEW.created_at), 1, (n = 0)::int, (n = 1)::int,
            (n = 2)::int, (n = 3)::int, (n = 4)::int);
  ELSE
    o := nuqat_points_bucket(OLD.points_balance);
    INSERT INTO insights_pending (merchant_id, day, bucket_0, bucket_1, bucket_2, bucket_3, bucket_4)
    VALUES (NEW.merchant_id, nuqat_riyadh_day(now()), (n = 0)::int - (o = 0)::int,
            (n = 1)::int - (o = 1)::int, (n = 2)::int - (o = 2)::int, (n = 3)::int - (o = 3)::int,
            (n = 4)::int - (o = 4)::int);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_insights_insert" AFTER INSERT ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_insights_customer"();--> statement-breakpoint
CREATE TRIGGER "customers_insights_bucket" AFTER UPDATE OF "points_balance" ON "customers"
  FOR EACH ROW WHEN (nuqat_points_bucket(OLD.points_balance) <> nuqat_points_bucket(NEW.points_balance))
  EXECUTE FUNCTION "nuqat_insights_customer"();--> statement-breakpoint
CREATE FUNCTION "nuqat_insights_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insights_pending (merchant_id, day, points_earned, points_redeemed, points_expired,
                                points_clawed_back, points_net)
  VALUES (NEW.merchant_id, nuqat_riyadh_day(NEW.created_at),
          CASE WHEN NEW.kind IN ('earn', 'referral') OR (NEW.kind = 'adjust' AND NEW.delta > 0)
               THEN NEW.delta ELSE 0 END,
          CASE WHEN NEW.kind IN ('redeem', 'redeem_rollback') THEN -NEW.delta ELSE 0 END,
          CASE WHEN NEW.kind = 'expire' THEN -NEW.delta ELSE 0 END,
          CASE WHEN NEW.kind = 'clawback' OR (NEW.kind = 'adjust' AND NEW.delta < 0)
               THEN -NEW.delta ELSE 0 END,
          NEW.delta);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "points_ledger_insights" AFTER INSERT ON "points_ledger"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_insights_ledger"();--> statement-breakpoint
-- One counted order added (s = 1) or taken away (s = -1). The shopper's other counted orders say
-- whether this one makes them a buyer (0 → 1), a repeat buyer (1 → 2), a buyer of its month and a
-- returning one (bought before the month). The engine holds the shopper's lock, so the answer
-- cannot change under it.
CREATE FUNCTION "nuqat_insights_order_apply"(o orders, s integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := nuqat_riyadh_day(coalesce(o.placed_at, o.created_at));
  v_month date := date_trunc('month', v_day)::date;
  v_sales bigint := greatest(o.earn_base_halalas - o.refunded_halalas, 0);
  v_member integer := (o.customer_id IS NOT NULL)::int;
  v_coupon integer := (o.coupon_redemption_id IS NOT NULL)::int;
  v_others integer := 0;
  v_in_month boolean := false;
  v_before boolean := false;
BEGIN
  IF o.customer_id IS NOT NULL THEN
    SELECT count(*), coalesce(bool_or(d >= v_month AND d < (v_month + interval '1 month')::date), false),
           coalesce(bool_or(d < v_month), false)
      INTO v_others, v_in_month, v_before
      FROM (SELECT nuqat_riyadh_day(coalesce(placed_at, created_at)) AS d FROM orders x
             WHERE x.merchant_id = o.merchant_id AND x.customer_id = o.customer_id AND x.id <> o.id
               AND nuqat_order_counted(x)) others;
  END IF;
  INSERT INTO insights_pending (merchant_id, day, orders, sales_halalas, member_orders,
                                member_sales_halalas, coupon_orders, coupon_sales_halalas, buyers,
                                repeat_buyers, month_buyers, month_returning_buyers)
  VALUES (o.merchant_id, v_day, s, s * v_sales, s * v_member, s * v_member * v_sales,
          s * v_coupon, s * v_coupon * v_sales,
          s * (v_member = 1 AND v_others = 0)::int, s * (v_member = 1 AND v_others = 1)::int,
          s * (v_member = 1 AND NOT v_in_month)::int,
          s * (v_member = 1 AND NOT v_in_month AND v_before)::int);
END $$;--> statement-breakpoint
CREATE FUNCTION "nuqat_insights_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND nuqat_order_counted(OLD) THEN
    PERFORM nuqat_insights_order_apply(OLD, -1);
  END IF;
  IF nuqat_order_counted(NEW) THEN
    PERFORM nuqat_insights_order_apply(NEW, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_insights_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_insights_order"();--> statement-breakpoint
CREATE TRIGGER "orders_insights_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN ((OLD.cancelled, OLD.deleted, OLD.restored, OLD.fully_refunded,
                      OLD.earn_base_halalas, OLD.refunded_halalas, OLD.placed_at, OLD.customer_id,
                      OLD.coupon_redemption_id)
                     IS DISTINCT FROM
                     (NEW.cancelled, NEW.deleted, NEW.restored, NEW.fully_refunded,
                      NEW.earn_base_halalas, NEW.refunded_halalas, NEW.placed_at, NEW.customer_id,
                      NEW.coupon_redemption_id))
  EXECUTE FUNCTION "nuqat_insights_order"();--> statement-breakpoint
-- A coupon counts as issued (on the day it was asked for) once Salla made it, whatever happened
-- after; used on the day an order used it; cancelled on the day the merchant cancelled it.
CREATE FUNCTION "nuqat_insights_redemption_apply"(r redemptions, s integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF r.status IN ('issued', 'used', 'cancelled') THEN
    INSERT INTO insights_pending (merchant_id, day, coupons_issued)
    VALUES (r.merchant_id, nuqat_riyadh_day(r.created_at), s);
  END IF;
  IF r.status = 'used' THEN
    INSERT INTO insights_pending (merchant_id, day, coupons_used)
    VALUES (r.merchant_id, nuqat_riyadh_day(coalesce(r.used_at, r.updated_at)), s);
  ELSIF r.status = 'cancelled' THEN
    INSERT INTO insights_pending (merchant_id, day, coupons_cancelled)
    VALUES (r.merchant_id, nuqat_riyadh_day(coalesce(r.cancelled_at, r.updated_at)), s);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "nuqat_insights_redemption"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM nuqat_insights_redemption_apply(OLD, -1); END IF;
  PERFORM nuqat_insights_redemption_apply(NEW, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "redemptions_insights_insert" AFTER INSERT ON "redemptions"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_insights_redemption"();--> statement-breakpoint
CREATE TRIGGER "redemptions_insights_update" AFTER UPDATE ON "redemptions"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "nuqat_insights_redemption"();--> statement-breakpoint
-- Folds pending differences into insights_daily: every store, or one. One folder at a time (the
-- lock); rows of a store that is gone are dropped. Rows committed while it runs wait for the next.
CREATE FUNCTION "nuqat_insights_fold"(p_merchant bigint DEFAULT NULL) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7281530114);
  WITH moved AS (
    DELETE FROM insights_pending WHERE p_merchant IS NULL OR merchant_id = p_merchant RETURNING *
  ), summed AS (
    SELECT merchant_id, day, sum(members)::int AS members, sum(points_earned)::bigint AS points_earned,
           sum(points_redeemed)::bigint AS points_redeemed, sum(points_expired)::bigint AS points_expired,
           sum(points_clawed_back)::bigint AS points_clawed_back, sum(points_net)::bigint AS points_net,
           sum(orders)::int AS orders, sum(sales_halalas)::bigint AS sales_halalas,
           sum(member_orders)::int AS member_orders,
           sum(member_sales_halalas)::bigint AS member_sales_halalas,
           sum(coupon_orders)::int AS coupon_orders,
           sum(coupon_sales_halalas)::bigint AS coupon_sales_halalas, sum(buyers)::int AS buyers,
           sum(repeat_buyers)::int AS repeat_buyers, sum(month_buyers)::int AS month_buyers,
           sum(month_returning_buyers)::int AS month_returning_buyers,
           sum(coupons_issued)::int AS coupons_issued, sum(coupons_used)::int AS coupons_used,
           sum(coupons_cancelled)::int AS coupons_cancelled, sum(bucket_0)::int AS bucket_0,
           sum(bucket_1)::int AS bucket_1, sum(bucket_2)::int AS bucket_2,
           sum(bucket_3)::int AS bucket_3, sum(bucket_4)::int AS bucket_4
      FROM moved WHERE merchant_id IN (SELECT id FROM merchants) GROUP BY merchant_id, day
  )
  INSERT INTO insights_daily AS d (merchant_id, day, members, points_earned, points_redeemed,
      points_expired, points_clawed_back, points_net, orders, sales_halalas, member_orders,
      member_sales_halalas, coupon_orders, coupon_sales_halalas, buyers, repeat_buyers,
      month_buyers, month_returning_buyers, coupons_issued, coupons_used, coupons_cancelled,
      bucket_0, bucket_1, bucket_2, bucket_3, bucket_4)
  SELECT * FROM summed
  ON CONFLICT (merchant_id, day) DO UPDATE SET
    members = d.members + excluded.members,
    points_earned = d.points_earned + excluded.points_earned,
    points_redeemed = d.points_redeemed + excluded.points_redeemed,
    points_expired = d.points_expired + excluded.points_expired,
    points_clawed_back = d.points_clawed_back + excluded.points_clawed_back,
    points_net = d.points_net + excluded.points_net,
    orders = d.orders + excluded.orders,
    sales_halalas = d.sales_halalas + excluded.sales_halalas,
    member_orders = d.member_orders + excluded.member_orders,
    member_sales_halalas = d.member_sales_halalas + excluded.member_sales_halalas,
    coupon_orders = d.coupon_orders + excluded.coupon_orders,
    coupon_sales_halalas = d.coupon_sales_halalas + excluded.coupon_sales_halalas,
    buyers = d.buyers + excluded.buyers,
    repeat_buyers = d.repeat_buyers + excluded.repeat_buyers,
    month_buyers = d.month_buyers + excluded.month_buyers,
    month_returning_buyers = d.month_returning_buyers + excluded.month_returning_buyers,
    coupons_issued = d.coupons_issued + excluded.coupons_issued,
    coupons_used = d.coupons_used + excluded.coupons_used,
    coupons_cancelled = d.coupons_cancelled + excluded.coupons_cancelled,
    bucket_0 = d.bucket_0 + excluded.bucket_0,
    bucket_1 = d.bucket_1 + excluded.bucket_1,
    bucket_2 = d.bucket_2 + excluded.bucket_2,
    bucket_3 = d.bucket_3 + excluded.bucket_3,
    bucket_4 = d.bucket_4 + excluded.bucket_4;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;--> statement-breakpoint
-- Recomputes a store's rollups from its rows (the migration's backfill, the large-store seed, and
-- the tests' reference). Buyers are attributed to the day of their first and second counted
-- orders in the order placed.
CREATE FUNCTION "nuqat_insights_rebuild"(p_merchant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7281530114);
  DELETE FROM insights_pending WHERE merchant_id = p_merchant;
  DELETE FROM insights_daily WHERE merchant_id = p_merchant;
  INSERT INTO insights_pending (merchant_id, day, members, bucket_0, bucket_1, bucket_2, bucket_3, bucket_4)
  SELECT p_merchant, nuqat_riyadh_day(created_at), count(*),
         count(*) FILTER (WHERE nuqat_points_bucket(points_balance) = 0),
         count(*) FILTER (WHERE nuqat_points_bucket(points_balance) = 1),
         count(*) FILTER (WHERE nuqat_points_bucket(points_balance) = 2),
         count(*) FILTER (WHERE nuqat_points_bucket(points_balance) = 3),
         count(*) FILTER (WHERE nuqat_points_bucket(points_balance) = 4)
    FROM customers WHERE merchant_id = p_merchant GROUP BY 2;
  INSERT INTO insights_pending (merchant_id, day, points_earned, points_redeemed, points_expired,
                                points_clawed_back, points_net)
  SELECT p_merchant, nuqat_riyadh_day(created_at),
         coalesce(sum(delta) FILTER (WHERE kind IN ('earn', 'referral') OR (kind = 'adjust' AND delta > 0)), 0),
         coalesce(-sum(delta) FILTER (WHERE kind IN ('redeem', 'redeem_rollback')), 0),
         coalesce(-sum(delta) FILTER (WHERE kind = 'expire'), 0),
         coalesce(-sum(delta) FILTER (WHERE kind = 'clawback' OR (kind = 'adjust' AND delta < 0)), 0),
         sum(delta)
    FROM points_ledger WHERE merchant_id = p_merchant GROUP BY 2;
  INSERT INTO insights_pending (merchant_id, day, orders, sales_halalas, member_orders,
                                member_sales_halalas, coupon_orders, coupon_sales_halalas, buyers,
                                repeat_buyers, month_buyers, month_returning_buyers)
  SELECT p_merchant, day, count(*), sum(sales), count(*) FILTER (WHERE member),
         coalesce(sum(sales) FILTER (WHERE member), 0), count(*) FILTER (WHERE coupon),
         coalesce(sum(sales) FILTER (WHERE coupon), 0),
         count(*) FILTER (WHERE member AND rn = 1), count(*) FILTER (WHERE member AND rn = 2),
         count(*) FILTER (WHERE member AND mrn = 1),
         count(*) FILTER (WHERE member AND mrn = 1 AND rn > 1)
    FROM (SELECT day, member, coupon, sales,
                 row_number() OVER (PARTITION BY customer_id ORDER BY at, id) AS rn,
                 row_number() OVER (PARTITION BY customer_id, date_trunc('month', day) ORDER BY at, id) AS mrn
            FROM (SELECT id, customer_id, coalesce(placed_at, created_at) AS at,
                         nuqat_riyadh_day(coalesce(placed_at, created_at)) AS day,
                         customer_id IS NOT NULL AS member,
                         coupon_redemption_id IS NOT NULL AS coupon,
                         greatest(earn_base_halalas - refunded_halalas, 0) AS sales
                    FROM orders o WHERE merchant_id = p_merchant AND nuqat_order_counted(o)) base) ranked
   GROUP BY day;
  INSERT INTO insights_pending (merchant_id, day, coupons_issued)
  SELECT p_merchant, nuqat_riyadh_day(created_at), count(*) FROM redemptions
   WHERE merchant_id = p_merchant AND status IN ('issued', 'used', 'cancelled') GROUP BY 2;
  INSERT INTO insights_pending (merchant_id, day, coupons_used)
  SELECT p_merchant, nuqat_riyadh_day(coalesce(used_at, updated_at)), count(*) FROM redemptions
   WHERE merchant_id = p_merchant AND status = 'used' GROUP BY 2;
  INSERT INTO insights_pending (merchant_id, day, coupons_cancelled)
  SELECT p_merchant, nuqat_riyadh_day(coalesce(cancelled_at, updated_at)), count(*) FROM redemptions
   WHERE merchant_id = p_merchant AND status = 'cancelled' GROUP BY 2;
  PERFORM nuqat_insights_fold(p_merchant);
END $$;--> statement-breakpoint
SELECT nuqat_insights_rebuild(id) FROM merchants;
