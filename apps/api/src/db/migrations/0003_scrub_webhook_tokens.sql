-- Salla's install tokens were stored in the raw app.store.authorize payloads (they live encrypted
-- in merchants only). Remove them from every stored event.
UPDATE "webhook_events"
SET "payload" = "payload" #- '{data,access_token}' #- '{data,refresh_token}'
WHERE "event" = 'app.store.authorize'
  AND ("payload" -> 'data' ? 'access_token' OR "payload" -> 'data' ? 'refresh_token');
