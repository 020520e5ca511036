-- The key of an e-mail address for identity checks: the SQL twin of contracts' emailKey()
-- (packages/contracts/src/email-key.ts; email-key.test.ts checks they agree). Trimmed and
-- lower-cased, the local part cut at the first '+', and for Gmail (googlemail.com is the same)
-- without dots.
CREATE FUNCTION "nuqat_email_key"(email text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN position('@' IN e) = 0 THEN e
    WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(l, '.', '') || '@gmail.com'
    ELSE l || '@' || d
  END
  FROM (SELECT e,
               split_part(substring(e FROM '^(.*)@[^@]*$'), '+', 1) AS l,
               substring(e FROM '@([^@]*)$') AS d
          FROM (SELECT lower(btrim(email, E' \t\r\n')) AS e) AS trimmed) AS parts
$$;--> statement-breakpoint
CREATE INDEX "customers_email_key_idx" ON "customers" USING btree ("merchant_id",nuqat_email_key("email"));
