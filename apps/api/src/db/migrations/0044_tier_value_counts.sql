CREATE TABLE "tier_value_counts" (
	"merchant_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"units" bigint NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tier_value_counts_merchant_id_kind_units_pk" PRIMARY KEY("merchant_id","kind","units"),
	CONSTRAINT "tier_value_counts_kind" CHECK ("tier_value_counts"."kind" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "tier_value_pending" (
	"merchant_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"units" bigint NOT NULL,
	"customers" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tier_value_counts" ADD CONSTRAINT "tier_value_counts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tier_value_pending_merchant_idx" ON "tier_value_pending" USING btree ("merchant_id","kind");--> statement-breakpoint
-- hand-written
-- The tiers preview's counts kept ahead (issue 28, decision 064): at 1,000,000 shoppers the
-- preview of the saved basis or of lifetime spend read one column of every shopper (0.5–1.3 s).
-- tier_value_counts holds, per store, how many shoppers have each value the preview reads from
-- the shopper row, in the units it compares with the thresholds:
--   kind 1: lifetime spend in whole SAR, spend_halalas / 100;
--   kind 2: the kept tier value as it is (points, when the saved basis is points);
--   kind 3: the kept tier value in whole SAR, tier_value / 100 (when the saved basis is spend);
-- an erased shopper at -1 in every kind. A trigger on customers appends each change's difference
-- to tier_value_pending in the writer's own transaction (no unique key: no hot row, the
-- roi_pending pattern of 0039); nuqat_tier_values_fold() moves them into tier_value_counts (the
-- server's fold job); the preview sums both in one statement, so it is exact at every commit.
CREATE FUNCTION "nuqat_tier_value_units"(c customers, p_kind integer) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN c.erased_at IS NOT NULL THEN -1
              WHEN p_kind = 1 THEN c.spend_halalas / 100
              WHEN p_kind = 2 THEN c.tier_value
              ELSE c.tier_value / 100 END
$$;--> statement-breakpoint
CREATE FUNCTION "nuqat_tier_values"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o bigint[];
  n bigint[];
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM merchants WHERE id = OLD.merchant_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    o := ARRAY[nuqat_tier_value_units(OLD, 1), nuqat_tier_value_units(OLD, 2),
               nuqat_tier_value_units(OLD, 3)];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    n := ARRAY[nuqat_tier_value_units(NEW, 1), nuqat_tier_value_units(NEW, 2),
               nuqat_tier_value_units(NEW, 3)];
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.merchant_id = NEW.merchant_id THEN
    -- The usual case: only the kinds whose value moved, the old value out and the new one in.
    INSERT INTO tier_value_pending (merchant_id, kind, units, customers)
    SELECT NEW.merchant_id, k, v.u, v.d
      FROM generate_subscripts(n, 1) k,
           LATERAL (VALUES (o[k], -1), (n[k], 1)) v(u, d)
     WHERE o[k] <> n[k];
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO tier_value_pending (merchant_id, kind, units, customers)
    SELECT OLD.merchant_id, k, o[k], -1 FROM generate_subscripts(o, 1) k;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO tier_value_pending (merchant_id, kind, units, customers)
    SELECT NEW.merchant_id, k, n[k], 1 FROM generate_subscripts(n, 1) k;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An order moves spend_halalas by its amount: most updates change the whole-SAR value, and a
-- check of the tier writes tier_value. The WHEN clause is evaluated without calling the function,
-- so an update that changes none of the three values (points, profile, figures) costs nothing.
-- The store-wide pass writes its own differences, grouped (nuqat.tier_values_by_caller).
CREATE TRIGGER "customers_tier_values_insert" AFTER INSERT ON "customers"
  FOR EACH ROW WHEN (current_setting('nuqat.tier_values_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "nuqat_tier_values"();--> statement-breakpoint
CREATE TRIGGER "customers_tier_values_update"
  AFTER UPDATE OF "spend_halalas", "tier_value", "erased_at", "merchant_id" ON "customers"
  FOR EACH ROW WHEN ((OLD.spend_halalas / 100, OLD.tier_value, OLD.erased_at IS NULL, OLD.merchant_id)
                     IS DISTINCT FROM
                     (NEW.spend_halalas / 100, NEW.tier_value, NEW.erased_at IS NULL, NEW.merchant_id)
                     AND current_setting('nuqat.tier_values_by_caller', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "nuqat_tier_values"();--> statement-breakpoint
CREATE TRIGGER "customers_tier_values_delete" AFTER DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_tier_values"();--> statement-breakpoint
-- Folds the differences into the kept counts: every store, or one. Rows of a store that is gone
-- are dropped, values no shopper has any more are removed; rows committed while it runs wait for
-- the next fold.
CREATE FUNCTION "nuqat_tier_values_fold"(p_merchant bigint DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7281530164);
  WITH moved AS (
    DELETE FROM tier_value_pending WHERE p_merchant IS NULL OR merchant_id = p_merchant RETURNING *
  ), summed AS (
    SELECT merchant_id, kind, units, sum(customers) AS total FROM moved
     WHERE merchant_id IN (SELECT id FROM merchants) GROUP BY 1, 2, 3 HAVING sum(customers) <> 0
  )
  INSERT INTO tier_value_counts AS d (merchant_id, kind, units, customers)
  SELECT merchant_id, kind, units, total FROM summed
  ON CONFLICT (merchant_id, kind, units) DO UPDATE SET customers = d.customers + excluded.customers;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  DELETE FROM tier_value_counts WHERE customers = 0 AND (p_merchant IS NULL OR merchant_id = p_merchant);
  RETURN v_rows;
END $$;--> statement-breakpoint
-- Recomputes a store's kept counts from its shoppers (this migration's backfill, the large-store
-- seed, the tests' reference). The count and the removal of the differences it already contains
-- are one statement, one snapshot: a writer committing meanwhile is counted once.
CREATE FUNCTION "nuqat_tier_values_rebuild"(p_merchant bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7281530164);
  DELETE FROM tier_value_counts WHERE merchant_id = p_merchant;
  WITH gone AS (DELETE FROM tier_value_pending WHERE merchant_id = p_merchant)
  INSERT INTO tier_value_counts (merchant_id, kind, units, customers)
  SELECT p_merchant, k.k, nuqat_tier_value_units(c, k.k), count(*)
    FROM customers c CROSS JOIN (VALUES (1), (2), (3)) k(k)
   WHERE c.merchant_id = p_merchant GROUP BY 2, 3;
END $$;--> statement-breakpoint
SELECT nuqat_tier_values_rebuild(id) FROM merchants;
--> statement-breakpoint
-- The store-wide pass (0035) with the preview's kept values: its UPDATE of a batch leaves the row
-- trigger above aside and appends the batch's differences in one grouped statement instead of
-- up to four rows per shopper. Otherwise as in 0035.
CREATE OR REPLACE FUNCTION "nuqat_tier_pass"(p_merchant bigint, p_after bigint, p_limit integer,
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
    id bigint PRIMARY KEY, old_tier uuid, new_tier uuid, old_value bigint, value bigint, units bigint,
    move integer, below timestamptz, cur tiers, target tiers) ON COMMIT DROP;
  TRUNCATE nuqat_tier_pass_rows;

  INSERT INTO nuqat_tier_pass_rows (id, old_tier, new_tier, old_value, value, units, move, below,
                                    cur, target)
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
    SELECT c.id, c.tier_id, c.tier_below_since, c.tier_value AS old_value,
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
         d.old_value, d.value, d.units, d.move,
         CASE WHEN d.move = 0 AND coalesce((d.target).position, 0) < coalesce((d.cur).position, 0)
              THEN coalesce(d.tier_below_since, p_at) END,
         d.cur, d.target
    FROM decided d;

  PERFORM set_config('nuqat.tier_counts_by_caller', 'on', true);
  PERFORM set_config('nuqat.tier_values_by_caller', 'on', true);
  UPDATE customers c
     SET tier_id = r.new_tier,
         tier_since = CASE WHEN r.move <> 0 THEN p_at ELSE c.tier_since END,
         tier_below_since = r.below, tier_checked_at = p_at, tier_value = r.value
    FROM nuqat_tier_pass_rows r
   WHERE c.merchant_id = p_merchant AND c.id > p_after AND c.id <= v_hi AND c.id = r.id;
  PERFORM set_config('nuqat.tier_counts_by_caller', 'off', true);
  PERFORM set_config('nuqat.tier_values_by_caller', 'off', true);
  -- The preview's kept values (0041), as the row trigger would have written them: the batch's
  -- shoppers are not erased and keep their spend, so only the tier value's kinds (2 and 3) move.
  INSERT INTO tier_value_pending (merchant_id, kind, units, customers)
  SELECT p_merchant, d.kind, d.units, sum(d.n) FROM (
    SELECT 2 AS kind, r.old_value AS units, -1 AS n FROM nuqat_tier_pass_rows r
     WHERE r.old_value <> r.value
    UNION ALL SELECT 2, r.value, 1 FROM nuqat_tier_pass_rows r WHERE r.old_value <> r.value
    UNION ALL SELECT 3, r.old_value / 100, -1 FROM nuqat_tier_pass_rows r
     WHERE r.old_value / 100 <> r.value / 100
    UNION ALL SELECT 3, r.value / 100, 1 FROM nuqat_tier_pass_rows r
     WHERE r.old_value / 100 <> r.value / 100
  ) d GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0;
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
