-- An order's later events batched like its first ones (docs/decisions/066, migration 0041):
-- each element of `batch` is `[plan, body]`, applied by nuqat_order_event (decision 062) in the
-- order given; one the event path gives up on (NQ001) is undone alone and answers 'fallback'.
CREATE FUNCTION "nuqat_order_events"(batch jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  answers text[] := '{}';
  answer text;
  i integer;
BEGIN
  FOR i IN 0 .. jsonb_array_length(batch) - 1 LOOP
    BEGIN
      answer := nuqat_order_event(batch->i->0, batch->i->1);
    EXCEPTION WHEN SQLSTATE 'NQ001' THEN
      answer := 'fallback';
    END;
    answers := answers || answer;
  END LOOP;
  RETURN answers;
END $$;
