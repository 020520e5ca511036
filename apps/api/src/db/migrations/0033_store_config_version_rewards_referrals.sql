-- Rewards and referral settings are configuration the shopper's loyalty page reads on every open:
-- a change to one bumps the store's config_version (migration 0004's function), so a copy kept
-- for one version (lib/store-config-memo.ts) is never used after the change, on any instance.
CREATE TRIGGER "rewards_config_version" AFTER INSERT OR UPDATE OR DELETE ON "rewards"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();--> statement-breakpoint
CREATE TRIGGER "referral_settings_config_version" AFTER INSERT OR UPDATE OR DELETE ON "referral_settings"
  FOR EACH ROW EXECUTE FUNCTION "nuqat_bump_rules_config"();
