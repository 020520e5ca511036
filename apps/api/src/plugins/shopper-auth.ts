import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { ShopperAuth, ShopperService } from '../modules/shopper/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireShopper`: the store and customer the shopper proved by code. */
    shopper: ShopperAuth | null;
  }
}

export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/** Resolves the shopper once per request from the bearer shopper token (never a cookie). */
export function registerShopperAuth(app: FastifyInstance, shopperService: ShopperService) {
  app.decorateRequest('shopper', null);
  return async function requireShopper(
    request: FastifyRequest,
    _reply: FastifyReply,
  ): Promise<void> {
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED');
    request.shopper = await shopperService.authenticate(token);
  };
}

export function shopperOf(request: FastifyRequest): ShopperAuth {
  if (!request.shopper) throw new AppError('UNAUTHENTICATED');
  return request.shopper;
}
