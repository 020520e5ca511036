import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/client.ts';
import { trustedProxies, type Config } from './env.ts';
import { loggerOptions } from './lib/log-serializers.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createSmsSender, type SmsSender } from './lib/sms.ts';
import { createAuthService } from './modules/auth/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { createMerchantsService } from './modules/merchants/index.ts';
import { merchantsRoutes } from './modules/merchants/index.ts';
import { createLoyaltyService } from './modules/loyalty/index.ts';
import { loyaltyRoutes } from './modules/loyalty/index.ts';
import { createCustomersService, type CustomersService } from './modules/customers/index.ts';
import { customersRoutes } from './modules/customers/index.ts';
import { createInsightsService } from './modules/insights/index.ts';
import { createInsightsFold } from './modules/insights/index.ts';
import { insightsRoutes } from './modules/insights/index.ts';
import { createRewardsService } from './modules/rewards/index.ts';
import { rewardsRoutes } from './modules/rewards/index.ts';
import { createReferralEngine, type ReferralEngine } from './modules/referrals/index.ts';
import { createReferralsService } from './modules/referrals/index.ts';
import { createTiersService, type TiersService } from './modules/tiers/index.ts';
import { tiersRoutes } from './modules/tiers/index.ts';
import { referralClaimRoutes, referralsRoutes } from './modules/referrals/index.ts';
import { createSallaClient, type SallaClient } from './lib/salla-client.ts';
import {
  createEventIntake,
  createJobsService,
  type EventIntake,
  type JobsService,
} from './modules/engine/index.ts';
import { createEventBus } from './lib/events.ts';
import { createSallaTokenService, type SallaTokenService } from './modules/salla/index.ts';
import {
  createSallaJobs,
  createStorePurge,
  type SallaJobs,
  type StorePurge,
} from './modules/salla/index.ts';
import { countPendingDeadLetters } from './modules/salla/index.ts';
import { sallaWebhookRoutes } from './modules/salla/index.ts';
import { createRedemptionService, type RedemptionService } from './modules/rewards/index.ts';
import { createDebtRecovery, type DebtRecovery } from './modules/debts/index.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { createShopperService, type ShopperService } from './modules/shopper/index.ts';
import { shopperRoutes } from './modules/shopper/index.ts';
import { storefrontRoutes } from './modules/shopper/index.ts';
import { registerShopperAuth } from './plugins/shopper-auth.ts';
import { registerStorefrontAssets } from './plugins/storefront-assets.ts';
import { registerEmbeddedPage } from './plugins/embedded-page.ts';
import { createWebhookService, type WebhookService } from './modules/salla/index.ts';
import { registerMerchantAuth } from './plugins/auth.ts';
import { registerNotFoundHandler } from './plugins/error-handler.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import {
  apiKeysRoutes,
  createApiKeysService,
  publicApiRoutes,
  type ApiKeysService,
} from './modules/public-api/index.ts';
import {
  createOutboundWebhooks,
  outboundWebhooksRoutes,
  type OutboundWebhooks,
} from './modules/outbound-webhooks/index.ts';
import { registerHttpDefaults } from './plugins/http-defaults.ts';

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

export interface App {
  server: FastifyInstance;
  context: AppContext;
  services: {
    auth: ReturnType<typeof createAuthService>;
    merchants: ReturnType<typeof createMerchantsService>;
    sallaTokens: SallaTokenService;
    webhooks: WebhookService;
    jobs: JobsService;
    insightsFold: ReturnType<typeof createInsightsFold>;
    storePurge: StorePurge;
    intake: EventIntake;
    sallaJobs: SallaJobs;
    shopper: ShopperService;
    redemptions: RedemptionService;
    debts: DebtRecovery;
    customers: CustomersService;
    referrals: ReferralEngine;
    tiers: TiersService;
    notifications: NotificationsService;
    apiKeys: ApiKeysService;
    outboundWebhooks: OutboundWebhooks;
  };
  salla: SallaClient;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's request id when it is 1–64 of [A-Za-z0-9._-], else null (one is generated). */
export function clientRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : null;
}

/** The table of contents: cross-cutting plugins first, then every module, listed explicitly. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const server = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A client's x-request-id is kept only in a safe shape: it goes into every log line, the
    // response header and error bodies (decision 026).
    requestIdHeader: false,
    genReqId: (req) => clientRequestId(req.headers['x-request-id']) ?? randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'mail'),
      logger: server.log,
    });
  const sms =
    options.sms ??
    createSmsSender({
      unifonic: config.unifonic,
      // Like mail without SMTP_URL: the demo writes texts to files; elsewhere no SMS at all.
      outboxDir: config.demo ? path.join(config.dataDir, 'sms') : null,
      logger: server.log,
    });
  const context: AppContext = {
    events: createEventBus(server.log),
    db: database.db,
    config,
    mailer,
    sms,
    log: server.log,
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
    }),
    notifications,
    apiKeys: createApiKeysService(context),
    outboundWebhooks: createOutboundWebhooks(context),
  };
  const insights = createInsightsService(context, { merchantsService: services.merchants });

  // Cross-cutting plugins.
  await registerHttpDefaults(server, config);
  const requireMerchant = registerMerchantAuth(server, services.auth, config.jwtSecret);
  const requireShopper = registerShopperAuth(server, services.shopper);

  // Modules.
  await server.register(
    healthRoutes({
      database,
      pendingDeadLetters: () => countPendingDeadLetters(database.db),
      support: config.support,
    }),
  );
  await server.register(contactRoutes({ ctx: context, supportEmail: config.support.email }));
  await server.register(sallaWebhookRoutes({ webhookService: services.webhooks, config }), {
    prefix: '/api/salla',
  });
  await server.register(authRoutes({ authService: services.auth, config, requireMerchant }), {
    prefix: '/api/merchants/auth',
  });
  await server.register(
    merchantsRoutes({ merchantsService: services.merchants, requireMerchant }),
    {
      prefix: '/api/merchants',
    },
  );

  await server.register(
    insightsRoutes({
      insightsService: insights,
      redemptions: services.redemptions,
      requireMerchant,
    }),
    { prefix: '/api/merchants' },
  );
  await server.register(
    customersRoutes({ customersService: services.customers, requireMerchant }),
    {
      prefix: '/api/merchants',
    },
  );

  await server.register(
    loyaltyRoutes({ loyaltyService: createLoyaltyService(context), requireMerchant }),
    { prefix: '/api/loyalty' },
  );
  await server.register(
    rewardsRoutes({ rewardsService: createRewardsService(context), requireMerchant }),
    { prefix: '/api/rewards' },
  );
  await server.register(
    referralsRoutes({
      referralsService: createReferralsService(context),
      referralEngine,
      requireMerchant,
    }),
    { prefix: '/api/referrals' },
  );
  await server.register(tiersRoutes({ tiersService: tiers, requireMerchant }), {
    prefix: '/api/tiers',
  });
  await server.register(
    notificationsRoutes({ notificationsService: services.notifications, requireMerchant }),
    { prefix: '/api/notifications' },
  );
  await server.register(apiKeysRoutes({ apiKeys: services.apiKeys, requireMerchant }), {
    prefix: '/api/merchants',
  });
  await server.register(
    outboundWebhooksRoutes({ webhooks: services.outboundWebhooks, requireMerchant }),
    { prefix: '/api/merchants' },
  );
  await server.register(
    publicApiRoutes({
      db: database.db,
      apiKeys: services.apiKeys,
      customersService: services.customers,
      webhooks: services.outboundWebhooks,
    }),
    { prefix: '/api/v1' },
  );
  await server.register(referralClaimRoutes({ referralEngine }), {
    prefix: '/api/customers/referrals',
  });

  await server.register(
    shopperRoutes({
      shopperService: services.shopper,
      redemptionService: services.redemptions,
      requireShopper,
    }),
    { prefix: '/api/customers' },
  );
  await server.register(storefrontRoutes({ shopperService: services.shopper }), {
    prefix: '/api/storefront',
  });

  if (options.serveWeb ?? true) {
    registerStorefrontAssets(server, {
      webDistDir: config.webDistDir,
      publicUrl: config.publicUrl,
      db: database.db,
    });
    registerEmbeddedPage(server, {
      webDistDir: config.webDistDir,
      dashboardOrigin: config.salla.dashboardOrigin,
    });
  }
  const spa =
    (options.serveWeb ?? true)
      ? await registerStaticWeb(server, config.webDistDir, config.publicUrl, config.support)
      : undefined;
  registerNotFoundHandler(server, spa);

  return { server, context, services, salla };
}
