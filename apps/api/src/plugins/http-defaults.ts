import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../env.ts';
import { registerErrorHandler } from './error-handler.ts';
import { helmetOptions, securityHeadersOf } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers machines only (Salla's webhooks), without the security headers. */
    securityHeaders?: false;
  }
}

/**
 * The cross-cutting plugins every route runs under, in this order: cookies, security headers
 * (helmet's: CSP, HSTS on https), the error handler, and the OpenAPI description with its UI.
 */
export async function registerHttpDefaults(server: FastifyInstance, config: Config): Promise<void> {
  await server.register(fastifyCookie);
  // Helmet's headers, worked out once (decision 070): they are the same for every answer.
  const securityHeaders = securityHeadersOf(helmetOptions(config));
  server.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false)
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
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
