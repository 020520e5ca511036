import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../env.ts';
import { registerErrorHandler } from './error-handler.ts';

/**
 * The cross-cutting plugins every route runs under, in this order: cookies, security headers
 * (CSP, HSTS on https), the error handler, and the OpenAPI description with its UI.
 */
export async function registerHttpDefaults(server: FastifyInstance, config: Config): Promise<void> {
  await server.register(fastifyCookie);
  await server.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Store logos come from Salla (https); the demo's sandbox serves them itself, over http.
        imgSrc: ["'self'", 'data:', 'https:', new URL(config.salla.apiBase).origin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
  });
  registerErrorHandler(server);
  await server.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Nuqat API',
        description: 'Loyalty and rewards for Salla stores',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'nuqat_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'nqk_…',
            description:
              'An API key made in Settings (Growth plan), for /api/v1 (docs/public-api.md)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
