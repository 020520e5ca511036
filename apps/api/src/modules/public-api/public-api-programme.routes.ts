import {
  PublicRedemptionsQuerySchema,
  PublicRedemptionsResponseSchema,
  PublicRewardsResponseSchema,
  PublicTiersResponseSchema,
} from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { apiKeyOf } from './api-key-auth.ts';
import type { PublicApiContext } from './public-api.context.ts';
import {
  findLiveRewards,
  findRedemptionsPage,
  findTierProgramme,
} from './public-api.repository.ts';

/** /api/v1 programme: the live rewards, the redemptions (keyset pages) and the VIP tiers. */
export function publicProgrammeRoutes(
  app: FastifyInstance,
  { deps, scope, security, tags, errors }: PublicApiContext,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/rewards',
    {
      preValidation: scope('rewards:read'),
      schema: {
        tags,
        security,
        summary: 'The rewards shoppers can buy with points',
        description: 'Scope `rewards:read`. Deleted rewards are left out.',
        response: { 200: PublicRewardsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await findLiveRewards(deps.db, apiKeyOf(request).merchantId);
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          type: row.type,
          pointsRequired: row.pointsRequired,
          value: row.value,
          description: row.description,
          isActive: row.isActive,
          minOrderAmount: row.minOrderAmount,
          couponValidDays: row.couponValidDays,
          minTierId: row.minTierId,
        })),
      };
    },
  );

  r.get(
    '/redemptions',
    {
      preValidation: scope('rewards:read'),
      schema: {
        tags,
        security,
        summary: 'Redemptions (coupons bought with points), newest first (keyset pages)',
        description: 'Scope `rewards:read`. Filter by `customerId` and `status`.',
        querystring: PublicRedemptionsQuerySchema,
        response: { 200: PublicRedemptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = apiKeyOf(request);
      const q = request.query;
      const after = q.cursor ? decodeKeysetCursor(q.cursor) : undefined;
      const rows = await findRedemptionsPage(
        deps.db,
        merchantId,
        {
          ...(q.customerId ? { customerId: Number(q.customerId) } : {}),
          ...(q.status ? { status: q.status } : {}),
        },
        after,
        q.limit + 1,
      );
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        success: true as const,
        data: {
          items: page.map((row) => ({
            id: row.id,
            customerId: String(row.customerId),
            rewardId: row.rewardId,
            points: row.points,
            status: row.status,
            couponCode: row.couponCode,
            couponExpiresAt: row.couponExpiresAt?.toISOString() ?? null,
            usedAt: row.usedAt?.toISOString() ?? null,
            createdAt: row.createdAt.toISOString(),
          })),
          nextCursor:
            rows.length > q.limit && last ? encodeKeysetCursor(last.atKey, last.id) : null,
        },
      };
    },
  );

  r.get(
    '/tiers',
    {
      preValidation: scope('customers:read'),
      schema: {
        tags,
        security,
        summary: 'The VIP tiers of the programme',
        description: 'Scope `customers:read`.',
        response: { 200: PublicTiersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { settings, tiers } = await findTierProgramme(deps.db, apiKeyOf(request).merchantId);
      return {
        success: true as const,
        data: {
          enabled: settings?.enabled ?? false,
          basis: settings?.basis ?? null,
          tiers: tiers.map((t) => ({
            id: t.id,
            position: t.position,
            nameAr: t.nameAr,
            nameEn: t.nameEn,
            threshold: t.threshold,
            multiplierPct: t.multiplierPct,
          })),
        },
      };
    },
  );
}
