-- Several first order events in one statement and one commit (docs/decisions/066): each element
-- of `batch` is `[plan, body]`, applied by nuqat_fast_order exactly as a statement of its own
-- would apply it, in the order given. An element the fast path gives up on (NQ001) is undone on
-- its own — its subtransaction, not the batch — and answers 'fallback', as a lone statement's
-- error does; any other error ends the whole statement, and the application runs the elements
-- one by one. The application puts at most one order per store in a batch, ordered by store, so
-- two batches take the rows they share (shoppers, plan slots, the holdout's daily counts) in the
-- same order and cannot deadlock.
CREATE FUNCTION "nuqat_fast_orders"(batch jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  answers text[] := '{}';
  answer text;
  i integer;
BEGIN
  FOR i IN 0 .. jsonb_array_length(batch) - 1 LOOP
    BEGIN
      answer := nuqat_fast_order(batch->i->0, batch->i->1);
    EXCEPTION WHEN SQLSTATE 'NQ001' THEN
      answer := 'fallback';
    END;
    answers := answers || answer;
  END LOOP;
  RETURN answers;
END $$;
