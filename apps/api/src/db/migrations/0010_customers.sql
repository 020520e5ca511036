-- Customers (issue 13, docs/decisions/017): per-shopper figures kept with each change, the list's
-- indexes (keyset sorts, trigram search within a store), manual adjustments with who made them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "customer_adjustments" (
	"merchant_id" bigint NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"customer_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"ledger_id" bigint NOT NULL,
	"balance_after" integer NOT NULL,
	"session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_adjustments_merchant_id_idempotency_key_pk" PRIMARY KEY("merchant_id","idempotency_key"),
	CONSTRAINT "customer_adjustments_points_nonzero" CHECK ("customer_adjustments"."points" <> 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lifetime_earned" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lifetime_redeemed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "orders_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "spend_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pending_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_adjustments" ADD CONSTRAINT "customer_adjustments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_adjustments_customer_idx" ON "customer_adjustments" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_balance_idx" ON "customers" USING btree ("merchant_id","points_balance","id");--> statement-breakpoint
CREATE INDEX "customers_joined_idx" ON "customers" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_spend_idx" ON "customers" USING btree ("merchant_id","spend_halalas","id");--> statement-breakpoint
CREATE INDEX "customers_last_order_idx" ON "customers" USING btree ("merchant_id",coalesce("last_order_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "customers_mobile_idx" ON "customers" USING btree ("merchant_id",right(regexp_replace(coalesce("mobile", ''), '[^0-9]', '', 'g'), 9));--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("merchant_id",(lower("first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("mobile", ''))) gin_trgm_ops);--> statement-breakpoint
-- The figures of the shoppers already there, from their rows.
UPDATE "customers" c SET "lifetime_earned" = l.earned, "lifetime_redeemed" = l.redeemed
  FROM (SELECT merchant_id, customer_id,
               coalesce(sum(delta) FILTER (WHERE delta > 0 AND kind <> 'redeem_rollback'), 0) AS earned,
               coalesce(-sum(delta) FILTER (WHERE kind IN ('redeem', 'redeem_rollback')), 0) AS redeemed
          FROM points_ledger GROUP BY 1, 2) l
 WHERE c.merchant_id = l.merchant_id AND c.id = l.customer_id;--> statement-breakpoint
UPDATE "customers" c SET "orders_count" = o.n, "spend_halalas" = o.spend, "last_order_at" = o.last_at,
       "pending_points" = o.pending
  FROM (SELECT merchant_id, customer_id,
               count(*) FILTER (WHERE nuqat_order_counted(x)) AS n,
               coalesce(sum(greatest(earn_base_halalas - refunded_halalas, 0)) FILTER (WHERE nuqat_order_counted(x)), 0) AS spend,
               max(coalesce(placed_at, created_at)) AS last_at,
               coalesce(sum(earn_points + amount_points) FILTER (
                 WHERE earn_status = 'earned' AND released_at IS NULL AND nuqat_order_counted(x)), 0) AS pending
          FROM orders x WHERE customer_id IS NOT NULL GROUP BY 1, 2) o
 WHERE c.merchant_id = o.merchant_id AND c.id = o.customer_id;--> statement-breakpoint
-- One order's share of its shopper's figures.
CREATE FUNCTION "nuqat_order_pending"(o orders) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN o.earn_status = 'earned' AND o.released_at IS NULL AND nuqat_order_counted(o)
              THEN o.earn_points + o.amount_points ELSE 0 END
$$;--> statement-breakpoint
-- Keeps the shopper's order figures with every change of an order, in the writer's transaction.
-- The engine holds the shopper's row lock before it touches the order (both paths), so this
-- UPDATE waits for nobody. Salla never moves an order to another shopper, but if customer_id
-- changed the old shopper's share is taken back.
CREATE FUNCTION "nuqat_customer_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_counted integer := 0;
  o_spend bigint := 0;
  o_pending integer := 0;
  n_counted integer := nuqat_order_counted(NEW)::int;
  n_spend bigint := CASE WHEN nuqat_order_counted(NEW) THEN greatest(NEW.earn_base_halalas - NEW.refunded_halalas, 0) ELSE 0 END;
  n_pending integer := nuqat_order_pending(NEW);
  v_at timestamptz := coalesce(NEW.placed_at, NEW.created_at);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    o_counted := nuqat_order_counted(OLD)::int;
    o_spend := CASE WHEN nuqat_order_counted(OLD) THEN greatest(OLD.earn_base_halalas - OLD.refunded_halalas, 0) ELSE 0 END;
    o_pending := nuqat_order_pending(OLD);
    IF OLD.customer_id IS DISTINCT FROM NEW.customer_id AND OLD.customer_id IS NOT NULL THEN
      UPDATE customers SET orders_count = orders_count - o_counted, spend_halalas = spend_halalas - o_spend,
             pending_points = pending_points - o_pending
       WHERE merchant_id = OLD.merchant_id AND id = OLD.customer_id;
      o_counted := 0; o_spend := 0; o_pending := 0;
    END IF;
  END IF;
  IF NEW.customer_id IS NULL THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND OLD.placed_at IS DISTINCT FROM NEW.placed_at THEN
    -- A placing time moved back (the engine keeps the earliest seen): the newest order again.
    SELECT max(coalesce(placed_at, created_at)) INTO v_at FROM orders
     WHERE merchant_id = NEW.merchant_id AND customer_id = NEW.customer_id;
    UPDATE customers SET orders_count = orders_count + n_counted - o_counted,
           spend_halalas = spend_halalas + n_spend - o_spend,
           pending_points = pending_points + n_pending - o_pending, last_order_at = v_at
     WHERE merchant_id = NEW.merchant_id AND id = NEW.customer_id;
  ELSIF TG_OP = 'INSERT' OR n_counted <> o_counted OR n_spend <> o_spend OR n_pending <> o_pending
        OR OLD.customer_id IS DISTINCT FROM NEW.customer_id THEN
    UPDATE customers SET orders_count = orders_count + n_counted - o_counted,
           spend_halalas = spend_halalas + n_spend - o_spend,
           pending_points = pending_points + n_pending - o_pending,
           last_order_at = greatest(last_order_at, v_at)
     WHERE merchant_id = NEW.merchant_id AND id = NEW.customer_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_customer_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_customer_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_customer_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN ((OLD.cancelled, OLD.deleted, OLD.restored, OLD.fully_refunded,
                      OLD.earn_base_halalas, OLD.refunded_halalas, OLD.placed_at, OLD.customer_id,
                      OLD.earn_status, OLD.released_at, OLD.earn_points, OLD.amount_points)
                     IS DISTINCT FROM
                     (NEW.cancelled, NEW.deleted, NEW.restored, NEW.fully_refunded,
                      NEW.earn_base_halalas, NEW.refunded_halalas, NEW.placed_at, NEW.customer_id,
                      NEW.earn_status, NEW.released_at, NEW.earn_points, NEW.amount_points))
  EXECUTE FUNCTION "nuqat_customer_orders"();--> statement-breakpoint
-- The fast path (0005) as before, and also: the lifetime figure kept with the earn row, and an
-- erased shopper's profile left alone.
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

  INSERT INTO orders (merchant_id, id, customer_id, reference_id, status_slug, status_at,
                      total_halalas, earn_base_halalas, spend_halalas, currency, placed_at,
                      earn_status, qualified_at, earn_points, amount_points, plan_period_start,
                      release_at, released_at)
  VALUES (v_merchant, v_order, v_customer, p->>'referenceId', p->>'statusSlug',
          CASE WHEN p->>'statusSlug' IS NULL THEN NULL ELSE v_at END,
          (p->>'totalHalalas')::bigint, (p->>'totalHalalas')::bigint,
          (p->>'spendHalalas')::bigint, p->>'currency', (p->>'placedAt')::timestamptz,
          v_status, CASE WHEN v_status = 'earned' THEN v_at END,
          (p->>'earnPoints')::integer, (p->>'amountPoints')::integer,
          (p->>'planPeriodStart')::timestamptz, (p->>'releaseAt')::timestamptz,
          (p->>'releasedAt')::timestamptz)
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
