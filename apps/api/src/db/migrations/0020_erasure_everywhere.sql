ALTER TABLE "referrals" ALTER COLUMN "friend_email" DROP NOT NULL;--> statement-breakpoint
-- hand-written
-- Erasure everywhere (docs/decisions/029). The Salla customer a stored payload names: a customer
-- event's subject, else the customer of an order, a status update's order, a review or a cart.
-- Text, since Salla sends ids as numbers or strings.
CREATE FUNCTION "nuqat_payload_customer_id"(p jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p->>'event' LIKE 'customer.%' THEN p->'data'->>'id'
    ELSE coalesce(p->'data'->'customer'->>'id', p->'data'->'order'->'customer'->>'id',
                  p->'data'->'cart'->'customer'->>'id')
  END
$$;--> statement-breakpoint
-- The Salla order a stored order event is about (order.status.updated nests it in data.order;
-- there data.id is the status record).
CREATE FUNCTION "nuqat_payload_order_id"(p jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p->>'event' LIKE 'order.%'
              THEN coalesce(p->'data'->'order'->>'id', p->'data'->>'id') END
$$;--> statement-breakpoint
-- An object with only the named keys (anything else as it is).
CREATE FUNCTION "nuqat_jsonb_pick"(o jsonb, keys text[]) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(o) = 'object'
    THEN coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(o) WHERE key = ANY (keys)),
                  '{}'::jsonb)
    ELSE o END
$$;--> statement-breakpoint
-- An order as the engine reads it (salla/order-facts.ts): id, number, date, status, currency,
-- amounts (discount codes included) and total; its customer by id alone. Names, e-mail, mobile,
-- shipping address, items and notes go.
CREATE FUNCTION "nuqat_erased_order"(o jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(o) = 'object' THEN
    nuqat_jsonb_pick(o, ARRAY['id', 'reference_id', 'date', 'status', 'currency', 'amounts', 'total'])
    || CASE WHEN o ? 'customer'
            THEN jsonb_build_object('customer', nuqat_jsonb_pick(o->'customer', ARRAY['id']))
            ELSE '{}'::jsonb END
  ELSE o END
$$;--> statement-breakpoint
-- A stored Salla payload without the shopper's personal data, still an envelope that Salla's
-- schemas read (a dead letter replays to the same points): the event, store and time, and of the
-- data what the engine needs — ids, amounts, statuses, a review's rating —, marked erased.
CREATE FUNCTION "nuqat_erased_payload"(p jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nuqat_jsonb_pick(p, ARRAY['event', 'merchant', 'created_at'])
    || jsonb_build_object('erased', true, 'data', CASE
      WHEN jsonb_typeof(p->'data') IS DISTINCT FROM 'object' THEN '{}'::jsonb
      WHEN p->>'event' = 'order.status.updated' THEN
        nuqat_jsonb_pick(p->'data', ARRAY['id', 'status', 'created_at'])
        || CASE WHEN p->'data' ? 'order'
                THEN jsonb_build_object('order', nuqat_erased_order(p->'data'->'order'))
                ELSE '{}'::jsonb END
      WHEN p->>'event' LIKE 'order.%' THEN nuqat_erased_order(p->'data')
      WHEN p->>'event' = 'review.added' THEN
        nuqat_jsonb_pick(p->'data', ARRAY['id', 'type', 'rating'])
        || jsonb_build_object('customer', nuqat_jsonb_pick(p->'data'->'customer', ARRAY['id']))
        || CASE WHEN p->'data' ? 'product'
                THEN jsonb_build_object('product', nuqat_jsonb_pick(p->'data'->'product', ARRAY['id']))
                ELSE '{}'::jsonb END
        || CASE WHEN p->'data' ? 'order'
                THEN jsonb_build_object('order', nuqat_jsonb_pick(p->'data'->'order', ARRAY['id']))
                ELSE '{}'::jsonb END
      ELSE nuqat_jsonb_pick(p->'data', ARRAY['id'])
    END)
$$;--> statement-breakpoint
-- Does a payload of this store name an erased shopper (directly, or through an order of theirs)?
-- VOLATILE on purpose: each query sees what committed before it, so a check made under the
-- shopper's lock sees an erasure that committed while the event waited for it.
CREATE FUNCTION "nuqat_payload_names_erased"(m bigint, p jsonb) RETURNS boolean
  LANGUAGE plpgsql AS $$
DECLARE
  v_customer text := nuqat_payload_customer_id(p);
  v_order text;
BEGIN
  IF v_customer IS NULL THEN
    v_order := nuqat_payload_order_id(p);
    IF v_order ~ '^[0-9]{1,18}$' THEN
      SELECT customer_id::text INTO v_customer FROM orders WHERE merchant_id = m AND id = v_order::bigint;
    END IF;
  END IF;
  RETURN coalesce(v_customer ~ '^[0-9]{1,18}$', false) AND EXISTS (
    SELECT 1 FROM customers
     WHERE merchant_id = m AND id = v_customer::bigint AND erased_at IS NOT NULL);
END $$;--> statement-breakpoint
-- Salla's later events for an erased shopper are stored without their data. Checked when the event
-- is stored and again when its outcome is written, which the general path does after it locked the
-- shopper (the fast path stores it after locking them).
CREATE FUNCTION "nuqat_webhook_events_erased"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF nuqat_payload_names_erased(NEW.merchant_id, NEW.payload) THEN
    NEW.payload := nuqat_erased_payload(NEW.payload);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_events_erased" BEFORE INSERT OR UPDATE OF "outcome", "payload" ON "webhook_events"
  FOR EACH ROW WHEN (NOT (NEW.payload ? 'erased'))
  EXECUTE FUNCTION "nuqat_webhook_events_erased"();--> statement-breakpoint
-- Text as JSON, or null when it is not JSON (a dead letter's body may be anything).
CREATE FUNCTION "nuqat_try_jsonb"(t text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN t::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;--> statement-breakpoint
-- The same for dead letters (their body is the text received): one naming an erased shopper of
-- its store is kept without their data.
CREATE FUNCTION "nuqat_dead_letters_erased"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v jsonb;
BEGIN
  IF NEW.merchant_id IS NULL THEN RETURN NEW; END IF;
  v := nuqat_try_jsonb(NEW.body);
  IF jsonb_typeof(v) = 'object' AND NOT v ? 'erased'
     AND nuqat_payload_names_erased(NEW.merchant_id, v) THEN
    NEW.body := nuqat_erased_payload(v)::text;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_dead_letters_erased" BEFORE INSERT OR UPDATE OF "body" ON "webhook_dead_letters"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_dead_letters_erased"();--> statement-breakpoint
-- The ledger stays append-only for everything that counts; an erasure may take the shopper's
-- name or address out of a row's note (a merchant's reason for an adjustment), nothing else.
CREATE OR REPLACE FUNCTION "points_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A store's data removed as a whole (merchant row deleted, cascading) is the one exception.
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'note') = (to_jsonb(OLD) - 'note') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'points_ledger is append-only: % refused', TG_OP;
END
$$;--> statement-breakpoint
-- What earlier erasures left behind (before this migration only customer events and payloads
-- with data.customer were blanked): stored events naming an erased shopper, their dead letters,
-- their address as a referral's friend. Only stores with an erased shopper are read.
UPDATE "webhook_events" e SET "payload" = nuqat_erased_payload(e."payload")
  FROM "customers" c
 WHERE c."erased_at" IS NOT NULL AND e."merchant_id" = c."merchant_id"
   AND e."merchant_id" IN (SELECT DISTINCT "merchant_id" FROM "customers" WHERE "erased_at" IS NOT NULL)
   AND nuqat_payload_customer_id(e."payload") = c."id"::text
   AND NOT (e."payload" ? 'erased');--> statement-breakpoint
UPDATE "webhook_dead_letters" SET "body" = "body"
 WHERE "merchant_id" IN (SELECT DISTINCT "merchant_id" FROM "customers" WHERE "erased_at" IS NOT NULL);--> statement-breakpoint
UPDATE "referrals" r SET "friend_email" = NULL, "friend_email_key" = NULL, "updated_at" = now()
  FROM "customers" c
 WHERE c."erased_at" IS NOT NULL AND r."merchant_id" = c."merchant_id"
   AND r."friend_customer_id" = c."id" AND r."friend_email" IS NOT NULL;--> statement-breakpoint
-- Events Nuqat does not handle are kept without their data from now on (webhooks.service.ts):
-- the ones stored before lose it too. The list is Salla's events Nuqat handles as of this
-- migration (contracts' SALLA_EVENTS).
UPDATE "webhook_events"
   SET "payload" = nuqat_jsonb_pick("payload", ARRAY['event', 'merchant', 'created_at'])
                   || jsonb_build_object('data', nuqat_jsonb_pick("payload"->'data', ARRAY['id']))
 WHERE "event" NOT IN ('app.store.authorize', 'app.installed', 'app.updated', 'app.uninstalled',
                       'app.trial.started', 'app.trial.expired', 'app.trial.canceled',
                       'app.subscription.started', 'app.subscription.renewed',
                       'app.subscription.expired', 'app.subscription.canceled', 'order.created',
                       'order.updated', 'order.status.updated', 'order.cancelled', 'order.refunded',
                       'order.deleted', 'order.total.price.updated', 'order.products.updated',
                       'customer.created', 'customer.updated', 'review.added')
   AND jsonb_typeof("payload"->'data') = 'object'
   AND "payload"->'data' <> nuqat_jsonb_pick("payload"->'data', ARRAY['id']);
