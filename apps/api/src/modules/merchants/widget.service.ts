import {
  GROWTH_WIDGET_FIELDS,
  inkOn,
  planHasFeature,
  WIDGET_APP_SETTING,
  WIDGET_DEFAULTS,
  type StoreWidget,
  type WidgetSettings,
  type WidgetState,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import { findMerchantById, lockMerchant } from './merchants.repository.ts';
import { markWidgetPublished, saveWidgetRow } from './widget.repository.ts';

/**
 * The store's Salla access token, fresh (the salla module's token service, handed in by the app:
 * the salla module imports this one, so it is not imported back).
 */
export interface WidgetTokens {
  refreshIfDue(input: {
    merchantId: number;
    aheadMs: number;
  }): Promise<{ kind: string; accessToken?: string }>;
}

/** A token valid for at least this long is used as it is. */
const TOKEN_AHEAD_MS = 5 * 60_000;

/** The saved settings over the defaults (a row saved before a field existed gets its default). */
export function widgetOf(row: { widget: WidgetSettings | null }): WidgetSettings {
  const saved = row.widget ?? WIDGET_DEFAULTS;
  return {
    ...WIDGET_DEFAULTS,
    ...saved,
    label: { ...WIDGET_DEFAULTS.label, ...saved.label },
    nudge: { ...WIDGET_DEFAULTS.nudge, ...saved.nudge },
  };
}

/** What the store page gets: the settings and the launcher's text colour on the accent. */
export function storeWidget(settings: WidgetSettings): StoreWidget {
  const { showLogo: _logo, ...rest } = settings;
  return { ...rest, ink: settings.accent ? inkOn(settings.accent) : '#fff' };
}

/**
 * The storefront widget's look (docs/decisions/034). Saved in Nuqat's database, then published
 * to the store page as the app's public Salla setting `nuqat_widget`, which Twilight hands the
 * snippet on every page with no request of ours.
 */
export function createWidgetService(
  ctx: AppContext,
  deps: {
    salla: Pick<SallaClient, 'getAppSettings' | 'setAppSettings'>;
    sallaTokens: WidgetTokens;
  },
) {
  const { db, log } = ctx;

  async function getWidget({ merchantId }: { merchantId: number }): Promise<WidgetState> {
    const row = await findMerchantById(db, merchantId);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      settings: widgetOf(row),
      plan: row.plan,
      storeName: row.storeName,
      logo: row.storeLogoUrl,
      published: row.widget === null || row.widgetPublishedAt !== null,
    };
  }

  /**
   * Publishes the saved settings to Salla: read the app's settings, replace our one field, write
   * them back (Salla's POST replaces the whole object, reference §1.9). False when it could not.
   */
  async function publish(merchantId: number): Promise<boolean> {
    const appId = ctx.config.salla.appId;
    if (!appId) {
      log.warn({ merchantId }, 'widget not published: SALLA_APP_ID is not set');
      return false;
    }
    const row = await findMerchantById(db, merchantId);
    if (!row || row.widget === null) return false;
    const version = row.updatedAt;
    try {
      const token = await deps.sallaTokens.refreshIfDue({ merchantId, aheadMs: TOKEN_AHEAD_MS });
      if ((token.kind !== 'fresh' && token.kind !== 'refreshed') || !token.accessToken)
        return false;
      const current = await deps.salla.getAppSettings(token.accessToken, appId);
      const value = JSON.stringify(storeWidget(widgetOf(row)));
      await deps.salla.setAppSettings(token.accessToken, appId, {
        ...current,
        [WIDGET_APP_SETTING]: value,
      });
    } catch (error) {
      log.warn({ err: error, merchantId }, 'widget not published to salla; kept for a retry');
      return false;
    }
    // Marked published only if no newer save came in meanwhile (that one publishes itself).
    return markWidgetPublished(db, merchantId, version, ctx.now());
  }

  async function saveWidget({
    merchantId,
    settings,
  }: {
    merchantId: number;
    settings: WidgetSettings;
  }): Promise<WidgetState> {
    await db.transaction(async (tx) => {
      const row = await lockMerchant(tx, merchantId);
      if (!row) throw new AppError('NOT_FOUND');
      const plan = row.plan ?? 'starter';
      if (!planHasFeature(plan, 'fullCustomisation')) {
        // Starter: label, icon, position, colour (and the earn badges); the rest stays as it is
        // by default. Enforced here, not only in the form.
        const locked = GROWTH_WIDGET_FIELDS.filter(
          (field) => JSON.stringify(settings[field]) !== JSON.stringify(WIDGET_DEFAULTS[field]),
        );
        if (locked.length > 0)
          throw new AppError('PLAN_FEATURE_REQUIRED', {
            issues: locked.map((field) => ({
              path: `body.${field}`,
              code: 'plan_feature_required',
              message: 'fullCustomisation',
            })),
          });
      }
      await saveWidgetRow(
        tx,
        merchantId,
        { ...settings, accent: settings.accent?.toLowerCase() ?? null },
        ctx.now(),
      );
    });
    const published = await publish(merchantId);
    const state = await getWidget({ merchantId });
    return { ...state, published };
  }

  return { getWidget, saveWidget, publish };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
