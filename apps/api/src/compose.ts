import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/client.ts';
import { type Config } from './env.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { mailerWithPrivacyLink } from './lib/mail-layout.ts';
import { createSmsSender, type SmsSender } from './lib/sms.ts';
import { createAuthService } from './modules/auth/index.ts';
import { createMerchantsService } from './modules/merchants/index.ts';
import { createCustomersService } from './modules/customers/index.ts';
import { createInsightsService } from './modules/insights/index.ts';
import { createInsightsFold } from './modules/insights/index.ts';
import {
  createHoldoutService,
  createMonthlyReports,
  createRoiService,
} from './modules/roi/index.ts';
import { createReferralEngine } from './modules/referrals/index.ts';
import { createTiersService } from './modules/tiers/index.ts';
import { createSallaClient, type SallaClient } from './lib/salla-client.ts';
import { createEventIntake, createJobsService } from './modules/engine/index.ts';
import { createEventBus } from './lib/events.ts';
import { createSallaTokenService } from './modules/salla/index.ts';
import { createSallaJobs, createStorePurge } from './modules/salla/index.ts';
import { createRedemptionService } from './modules/rewards/index.ts';
import { createDebtRecovery } from './modules/debts/index.ts';
import { createNotificationsService } from './modules/notifications/index.ts';
import { createShopperService } from './modules/shopper/index.ts';
import { createWebhookService } from './modules/salla/index.ts';
import { createApiKeysService } from './modules/public-api/index.ts';
import { createOutboundWebhooks } from './modules/outbound-webhooks/index.ts';
import { createCampaignsService } from './modules/campaigns/index.ts';
import { createEarnActionsService } from './modules/earn-actions/index.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  sms?: SmsSender;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (tests capture lines here); stdout when absent. */
  logStream?: DestinationStream;
  /** Salla API client (tests point it at the sandbox through config). */
  salla?: SallaClient;
  /** Serve the built SPA (default: when a build exists). */
  serveWeb?: boolean;
}

/**
 * The services every route and timer uses, built once per app: the outside world (database,
 * mail, SMS, Salla, the clock) in one context, then each module's service, and the in-process
 * events the modules hear each other by (lib/events.ts).
 */
export function composeServices(options: BuildAppOptions, log: FastifyBaseLogger) {
  const { config, database } = options;
  const mailer = mailerWithPrivacyLink(
    options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'mail'),
        logger: log,
      }),
    `${config.publicUrl}/privacy`,
  );
  const sms =
    options.sms ??
    createSmsSender({
      unifonic: config.unifonic,
      // Like mail without SMTP_URL: the demo writes texts to files; elsewhere no SMS at all.
      outboxDir: config.demo ? path.join(config.dataDir, 'sms') : null,
      logger: log,
    });
  const context: AppContext = {
    events: createEventBus(log),
    db: database.db,
    config,
    mailer,
    sms,
    log,
    now: options.now ?? (() => new Date()),
  };
  const salla =
    options.salla ??
    createSallaClient({
      apiBase: config.salla.apiBase,
      authBase: config.salla.authBase,
      exchangeBase: config.salla.exchangeApiBase,
      clientId: config.salla.clientId,
      clientSecret: config.salla.clientSecret,
    });
  const auth = createAuthService(context, { salla });
  const sallaTokens = createSallaTokenService(context, salla);
  const referralEngine = createReferralEngine(context, { salla, sallaTokens });
  const tiers = createTiersService(context);
  const notifications = createNotificationsService(context);
  const redemptions = createRedemptionService(context, { salla, sallaTokens, notifications });
  // Clawed-back points that were spent: coupons withdrawn at Salla after the commit (decision 027).
  const debts = createDebtRecovery(context, { redemptions });
  // After a commit, the modules that care hear of it (lib/events.ts): referrals settle the store's
  // referrals after its orders change; debts withdraw coupons when points became owed.
  context.events.on('order.applied', ({ merchantId }) =>
    referralEngine.afterOrderEvent(merchantId),
  );
  context.events.on('debt.recovery-queued', ({ merchantId }) => debts.afterCommit(merchantId));
  const intake = createEventIntake(context);
  const campaigns = createCampaignsService(context, { salla, sallaTokens });
  const earnActions = createEarnActionsService(context);
  const holdout = createHoldoutService(context);
  const roi = createRoiService(context, holdout);
  const services = {
    auth,
    merchants: createMerchantsService(context),
    sallaTokens,
    intake,
    webhooks: createWebhookService({
      ctx: context,
      salla,
      authService: auth,
      sallaTokens,
      intake,
    }),
    jobs: createJobsService(context),
    insightsFold: createInsightsFold(context),
    storePurge: createStorePurge(context),
    sallaJobs: createSallaJobs({ ctx: context, salla, authService: auth, sallaTokens }),
    redemptions,
    debts,
    customers: createCustomersService(context),
    referrals: referralEngine,
    tiers,
    shopper: createShopperService(context, {
      shopperReferral: referralEngine.shopperReferral,
      shopperTier: tiers.shopperTier,
      programmeTiers: tiers.programmeTiers,
      programmeReferral: referralEngine.programmeRewards,
      referralCoupons: referralEngine.shopperCoupons,
      runningCampaigns: (merchant) => campaigns.running(merchant),
      earnActions: earnActions.shopperActions,
    }),
    earnActions,
    notifications,
    apiKeys: createApiKeysService(context),
    outboundWebhooks: createOutboundWebhooks(context),
    holdout,
    roi,
    // The monthly report e-mail to Growth stores (docs/decisions/050).
    monthlyReports: createMonthlyReports(context, roi),
  };
  const insights = createInsightsService(context, { merchantsService: services.merchants });
  return { context, salla, services, insights };
}

export type Services = ReturnType<typeof composeServices>['services'];
