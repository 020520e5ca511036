import { createHash } from 'node:crypto';
import {
  ErrorBodySchema,
  StorefrontProgrammeParamsSchema,
  StorefrontProgrammeQuerySchema,
  StorefrontProgrammeResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ShopperService } from './shopper.service.ts';

/** Long enough for a CDN or the browser to absorb a busy store's visitors, short enough to edit. */
export const PROGRAMME_MAX_AGE_SECONDS = 60;

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Public reads for the store's visitors, under /api/storefront: the same answer for everyone,
 * so shared caches may keep it (docs/decisions/030).
 */
export function storefrontRoutes(deps: { shopperService: ShopperService }) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/:merchantId/programme',
      {
        schema: {
          tags: ['shopper'],
          summary:
            "The store's programme for visitors: ways to earn, rewards, tiers, the referral gift (public, cacheable, ETag)",
          params: StorefrontProgrammeParamsSchema,
          querystring: StorefrontProgrammeQuerySchema,
          response: {
            200: StorefrontProgrammeResponseSchema,
            304: z.null().describe('Not modified: the If-None-Match ETag is current'),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const data = await deps.shopperService.getProgramme({
          merchantId: Number(request.params.merchantId),
          lang: request.query.lang,
        });
        const body = { success: true as const, data };
        const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
        reply
          .header('cache-control', `public, max-age=${PROGRAMME_MAX_AGE_SECONDS}`)
          .header('etag', etag)
          // Read from the store's own pages by the snippet's earn badges (decision 035): the
          // same public answer for everyone, asked without credentials.
          .header('access-control-allow-origin', '*');
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
        return body;
      },
    );
  };
}
