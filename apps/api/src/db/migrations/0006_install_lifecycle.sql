ALTER TABLE "merchants" ADD COLUMN "lifecycle_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "salla_authorized_at" timestamp with time zone;--> statement-breakpoint
-- Stores that lived before this migration: their newest install lifecycle event and their newest
-- app.store.authorize, as far as the stored events tell (uninstalled_at for an uninstalled store).
UPDATE "merchants" AS m
SET "lifecycle_event_at" = GREATEST(
      m."uninstalled_at",
      (SELECT max(e."event_at") FROM "webhook_events" e
        WHERE e."merchant_id" = m."id" AND e."outcome" = 'processed'
          AND e."event" IN ('app.store.authorize', 'app.installed', 'app.uninstalled'))),
    "salla_authorized_at" = (SELECT max(e."event_at") FROM "webhook_events" e
        WHERE e."merchant_id" = m."id" AND e."outcome" = 'processed'
          AND e."event" = 'app.store.authorize');
