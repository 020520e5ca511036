CREATE TABLE "roi_arm_months" (
	"merchant_id" bigint NOT NULL,
	"month" date NOT NULL,
	"arm" text NOT NULL,
	"buyers" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"orders_sq" numeric DEFAULT '0' NOT NULL,
	"sales_halalas" bigint DEFAULT 0 NOT NULL,
	"sales_sq" numeric DEFAULT '0' NOT NULL,
	"repeaters" bigint DEFAULT 0 NOT NULL,
	"coupon_discount_halalas" bigint DEFAULT 0 NOT NULL,
	"referral_discount_halalas" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "roi_arm_months_merchant_id_month_arm_pk" PRIMARY KEY("merchant_id","month","arm")
);
--> statement-breakpoint
CREATE TABLE "roi_arm_points" (
	"merchant_id" bigint NOT NULL,
	"arm" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"held_out" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "roi_arm_points_merchant_id_arm_pk" PRIMARY KEY("merchant_id","arm")
);
--> statement-breakpoint
CREATE TABLE "roi_pending" (
	"merchant_id" bigint NOT NULL,
	"month" date,
	"arm" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"held_out" bigint DEFAULT 0 NOT NULL,
	"buyers" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"orders_sq" numeric DEFAULT '0' NOT NULL,
	"sales_halalas" bigint DEFAULT 0 NOT NULL,
	"sales_sq" numeric DEFAULT '0' NOT NULL,
	"repeaters" bigint DEFAULT 0 NOT NULL,
	"coupon_discount_halalas" bigint DEFAULT 0 NOT NULL,
	"referral_discount_halalas" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roi_arm_months" ADD CONSTRAINT "roi_arm_months_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roi_arm_points" ADD CONSTRAINT "roi_arm_points_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roi_pending_merchant_idx" ON "roi_pending" USING btree ("merchant_id","month");--> statement-breakpoint
-- hand-written
-- The return's sums kept ahead (docs/decisions/058): at 1,000,000 shoppers the ROI answer summed
-- the member arm's ~900,000 balances and a month's ~150,000 roi_shopper_months rows per request,
-- and counted the ~100,000 shoppers held out (the settings' heldOut) from their rows.
-- Triggers append each change's difference to roi_pending in the writer's own transaction (no
-- unique key: no hot row, no lock another writer waits for — the insights pattern, 0008);
-- nuqat_roi_fold() moves them into roi_arm_points / roi_arm_months (the server's fold job);
-- readers sum both in one statement, so a figure is exact at every commit, folded or not.
-- A deleted store's rows cascade away; their differences are not written (the store is gone).
CREATE FUNCTION "nuqat_roi_points"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM merchants WHERE id = OLD.merchant_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.holdout_arm IS NOT DISTINCT FROM NEW.holdout_arm
     AND OLD.merchant_id = NEW.merchant_id THEN
    INSERT INTO roi_pending (merchant_id, arm, points, held_out)
    VALUES (NEW.merchant_id, NEW.holdout_arm, NEW.points_balance - OLD.points_balance,
            (NEW.holdout_arm = 'control' AND NEW.holdout_released_at IS NULL)::int
            - (OLD.holdout_arm = 'control' AND OLD.holdout_released_at IS NULL)::int);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.holdout_arm IS NOT NULL THEN
    INSERT INTO roi_pending (merchant_id, arm, points, held_out)
    VALUES (OLD.merchant_id, OLD.holdout_arm, -OLD.points_balance,
            -(OLD.holdout_arm = 'control' AND OLD.holdout_released_at IS NULL)::int);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.holdout_arm IS NOT NULL THEN
    INSERT INTO roi_pending (merchant_id, arm, points, held_out)
    VALUES (NEW.merchant_id, NEW.holdout_arm, NEW.points_balance,
            (NEW.holdout_arm = 'control' AND NEW.holdout_released_at IS NULL)::int);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only shoppers in an arm cost anything: the WHEN clauses are checked without calling the function.
CREATE TRIGGER "customers_roi_points_insert" AFTER INSERT ON "customers"
  FOR EACH ROW WHEN (NEW.holdout_arm IS NOT NULL)
  EXECUTE FUNCTION "nuqat_roi_points"();--> statement-breakpoint
CREATE TRIGGER "customers_roi_points_update"
  AFTER UPDATE OF "points_balance", "holdout_arm", "holdout_released_at", "merchant_id" ON "customers"
  FOR EACH ROW WHEN ((OLD.holdout_arm IS NOT NULL OR NEW.holdout_arm IS NOT NULL)
                     AND (OLD.points_balance, OLD.holdout_arm, OLD.holdout_released_at, OLD.merchant_id)
                         IS DISTINCT FROM
                         (NEW.points_balance, NEW.holdout_arm, NEW.holdout_released_at, NEW.merchant_id))
  EXECUTE FUNCTION "nuqat_roi_points"();--> statement-breakpoint
CREATE TRIGGER "customers_roi_points_delete" AFTER DELETE ON "customers"
  FOR EACH ROW WHEN (OLD.holdout_arm IS NOT NULL)
  EXECUTE FUNCTION "nuqat_roi_points"();--> statement-breakpoint
-- One shopper-month row's contribution to its arm's month, added (s = 1) or taken away (s = -1).
CREATE FUNCTION "nuqat_roi_month_add"(r roi_shopper_months, s integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO roi_pending (merchant_id, month, arm, buyers, orders, orders_sq, sales_halalas,
                           sales_sq, repeaters, coupon_discount_halalas, referral_discount_halalas)
  VALUES (r.merchant_id, r.month, r.arm, s * (r.orders > 0)::int, s * r.orders,
          s * (r.orders::numeric * r.orders), s * r.sales_halalas,
          s * (r.sales_halalas::numeric * r.sales_halalas), s * (r.orders >= 2)::int,
          s * r.coupon_discount_halalas, s * r.referral_discount_halalas)
$$;--> statement-breakpoint
CREATE FUNCTION "nuqat_roi_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.merchant_id, OLD.month, OLD.arm) = (NEW.merchant_id, NEW.month, NEW.arm) THEN
    -- The usual case (an order added to or taken from a shopper's month): one row, the difference.
    INSERT INTO roi_pending (merchant_id, month, arm, buyers, orders, orders_sq, sales_halalas,
                             sales_sq, repeaters, coupon_discount_halalas, referral_discount_halalas)
    VALUES (NEW.merchant_id, NEW.month, NEW.arm, (NEW.orders > 0)::int - (OLD.orders > 0)::int,
            NEW.orders - OLD.orders,
            NEW.orders::numeric * NEW.orders - OLD.orders::numeric * OLD.orders,
            NEW.sales_halalas - OLD.sales_halalas,
            NEW.sales_halalas::numeric * NEW.sales_halalas - OLD.sales_halalas::numeric * OLD.sales_halalas,
            (NEW.orders >= 2)::int - (OLD.orders >= 2)::int,
            NEW.coupon_discount_halalas - OLD.coupon_discount_halalas,
            NEW.referral_discount_halalas - OLD.referral_discount_halalas);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM merchants WHERE id = OLD.merchant_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM nuqat_roi_month_add(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM nuqat_roi_month_add(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "roi_shopper_months_rollup" AFTER INSERT OR UPDATE OR DELETE ON "roi_shopper_months"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_roi_months"();--> statement-breakpoint
-- Folds the differences into the kept sums: every store, or one. Rows of a store that is gone are
-- dropped; rows committed while it runs wait for the next fold.
CREATE FUNCTION "nuqat_roi_fold"(p_merchant bigint DEFAULT NULL) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7281530158);
  WITH moved AS (
    DELETE FROM roi_pending WHERE p_merchant IS NULL OR merchant_id = p_merchant RETURNING *
  ), live AS (
    SELECT * FROM moved WHERE merchant_id IN (SELECT id FROM merchants)
  ), points AS (
    INSERT INTO roi_arm_points AS d (merchant_id, arm, points, held_out)
    SELECT merchant_id, arm, sum(points), sum(held_out) FROM live WHERE month IS NULL GROUP BY 1, 2
    ON CONFLICT (merchant_id, arm) DO UPDATE
      SET points = d.points + excluded.points, held_out = d.held_out + excluded.held_out
    RETURNING 1
  )
  INSERT INTO roi_arm_months AS d (merchant_id, month, arm, buyers, orders, orders_sq,
      sales_halalas, sales_sq, repeaters, coupon_discount_halalas, referral_discount_halalas)
  SELECT merchant_id, month, arm, sum(buyers), sum(orders), sum(orders_sq), sum(sales_halalas),
         sum(sales_sq), sum(repeaters), sum(coupon_discount_halalas), sum(referral_discount_halalas)
    FROM live WHERE month IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT (merchant_id, month, arm) DO UPDATE SET
    buyers = d.buyers + excluded.buyers,
    orders = d.orders + excluded.orders,
    orders_sq = d.orders_sq + excluded.orders_sq,
    sales_halalas = d.sales_halalas + excluded.sales_halalas,
    sales_sq = d.sales_sq + excluded.sales_sq,
    repeaters = d.repeaters + excluded.repeaters,
    coupon_discount_halalas = d.coupon_discount_halalas + excluded.coupon_discount_halalas,
    referral_discount_halalas = d.referral_discount_halalas + excluded.referral_discount_halalas;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;--> statement-breakpoint
-- Recomputes a store's kept sums from its rows (this migration's backfill, the large-store seed,
-- the tests' reference). Each sum and the removal of the differences it already contains are one
-- statement, one snapshot: a writer committing meanwhile is counted once, here or in a difference.
CREATE FUNCTION "nuqat_roi_rebuild"(p_merchant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7281530158);
  DELETE FROM roi_arm_points WHERE merchant_id = p_merchant;
  DELETE FROM roi_arm_months WHERE merchant_id = p_merchant;
  WITH gone AS (DELETE FROM roi_pending WHERE merchant_id = p_merchant AND month IS NULL)
  INSERT INTO roi_arm_points (merchant_id, arm, points, held_out)
  SELECT merchant_id, holdout_arm, sum(points_balance),
         count(*) FILTER (WHERE holdout_arm = 'control' AND holdout_released_at IS NULL)
    FROM customers
   WHERE merchant_id = p_merchant AND holdout_arm IS NOT NULL GROUP BY 1, 2;
  WITH gone AS (DELETE FROM roi_pending WHERE merchant_id = p_merchant AND month IS NOT NULL)
  INSERT INTO roi_arm_months (merchant_id, month, arm, buyers, orders, orders_sq, sales_halalas,
                              sales_sq, repeaters, coupon_discount_halalas, referral_discount_halalas)
  SELECT merchant_id, month, arm, count(*) FILTER (WHERE orders > 0), sum(orders),
         sum(orders::numeric * orders), sum(sales_halalas), sum(sales_halalas::numeric * sales_halalas),
         count(*) FILTER (WHERE orders >= 2), sum(coupon_discount_halalas), sum(referral_discount_halalas)
    FROM roi_shopper_months WHERE merchant_id = p_merchant GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
SELECT nuqat_roi_rebuild(merchant_id) FROM holdout_settings;
--> statement-breakpoint
CREATE INDEX "customers_email_local_rev_idx" ON "customers" USING btree ("merchant_id",reverse(split_part(lower("email"), '@', 1)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_search_odd_at_idx" ON "customers" USING btree ("merchant_id") WHERE ("customers"."first_name" like '%@%' or "customers"."last_name" like '%@%' or "customers"."email" like '%@%@%' or "customers"."mobile" like '%@%');