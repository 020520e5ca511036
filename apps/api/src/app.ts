import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { trustedProxies } from './env.ts';
import { loggerOptions } from './lib/log-serializers.ts';
import { authRoutes } from './modules/auth/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { merchantsRoutes } from './modules/merchants/index.ts';
import { createWidgetService, widgetRoutes } from './modules/merchants/index.ts';
import { createLoyaltyService } from './modules/loyalty/index.ts';
import { loyaltyRoutes } from './modules/loyalty/index.ts';
import { customersRoutes } from './modules/customers/index.ts';
import { insightsRoutes } from './modules/insights/index.ts';
import { roiRoutes } from './modules/roi/index.ts';
import { createRewardsService } from './modules/rewards/index.ts';
import { rewardsRoutes } from './modules/rewards/index.ts';
import { createReferralsService } from './modules/referrals/index.ts';
import { tiersRoutes } from './modules/tiers/index.ts';
import {
  campaignsRoutes,
  createCampaignsService,
  categoryRulesRoutes,
  createCategoryRulesService,
  createProductRulesService,
  productRulesRoutes,
} from './modules/campaigns/index.ts';
import { referralClaimRoutes, referralsRoutes } from './modules/referrals/index.ts';
import { type SallaClient } from './lib/salla-client.ts';
import { countPendingDeadLetters } from './modules/salla/index.ts';
import { sallaWebhookRoutes } from './modules/salla/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { shopperRoutes } from './modules/shopper/index.ts';
import { earnActionRoutes, socialLinksRoutes } from './modules/earn-actions/index.ts';
import { storefrontRoutes } from './modules/shopper/index.ts';
import { registerShopperAuth } from './plugins/shopper-auth.ts';
import { registerStorefrontAssets } from './plugins/storefront-assets.ts';
import { registerEmbeddedPage } from './plugins/embedded-page.ts';
import { registerMerchantAuth } from './plugins/auth.ts';
import { registerNotFoundHandler } from './plugins/error-handler.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { apiKeysRoutes, publicApiRoutes } from './modules/public-api/index.ts';
import { outboundWebhooksRoutes } from './modules/outbound-webhooks/index.ts';
import { registerHttpDefaults } from './plugins/http-defaults.ts';

import { composeServices, type BuildAppOptions, type Services } from './compose.ts';

export type { BuildAppOptions };

export interface App {
  server: FastifyInstance;
  context: AppContext;
  services: Services;
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

  const { context, salla, services, insights } = composeServices(options, server.log);

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
    widgetRoutes({
      widgetService: createWidgetService(context, { salla, sallaTokens: services.sallaTokens }),
      requireMerchant,
    }),
    { prefix: '/api/merchants' },
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
    roiRoutes({ holdout: services.holdout, roi: services.roi, requireMerchant }),
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
      referralEngine: services.referrals,
      requireMerchant,
    }),
    { prefix: '/api/referrals' },
  );
  await server.register(tiersRoutes({ tiersService: services.tiers, requireMerchant }), {
    prefix: '/api/tiers',
  });
  await server.register(
    campaignsRoutes({
      campaignsService: createCampaignsService(context, {
        salla,
        sallaTokens: services.sallaTokens,
      }),
      requireMerchant,
    }),
    { prefix: '/api/campaigns' },
  );
  await server.register(
    productRulesRoutes({
      productRulesService: createProductRulesService(context),
      requireMerchant,
    }),
    { prefix: '/api/campaigns/product-rules' },
  );
  await server.register(
    categoryRulesRoutes({
      categoryRulesService: createCategoryRulesService(context, {
        salla,
        sallaTokens: services.sallaTokens,
      }),
      requireMerchant,
    }),
    { prefix: '/api/campaigns/category-rules' },
  );
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
  await server.register(referralClaimRoutes({ referralEngine: services.referrals }), {
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
  await server.register(
    earnActionRoutes({
      earnActions: services.earnActions,
      requireShopper,
      authorizePath: services.shopper.authorizePath,
    }),
    { prefix: '/api/customers' },
  );
  await server.register(socialLinksRoutes({ earnActions: services.earnActions, requireMerchant }), {
    prefix: '/api/merchants',
  });
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
