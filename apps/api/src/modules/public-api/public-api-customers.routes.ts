import {
  AdjustmentResponseSchema,
  CustomerAccountResponseSchema,
  CustomerLedgerQuerySchema,
  CustomerLedgerResponseSchema,
  CustomerParamsSchema,
  CustomersQuerySchema,
  CustomersResponseSchema,
  ErrorBodySchema,
  PublicAdjustBodySchema,
  PublicAdjustHeadersSchema,
} from '@nuqat/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyOf } from './api-key-auth.ts';
import type { PublicApiContext } from './public-api.context.ts';

const EXAMPLE_CUSTOMER = {
  id: '1548293011',
  name: 'Sara Al-Otaibi',
  email: 'sara@example.sa',
  mobile: '+966500000001',
  balance: 1250,
  pointsOwed: 0,
  pendingPoints: 40,
  lifetimeEarned: 3400,
  lifetimeRedeemed: 2150,
  orders: 7,
  spend: 1830.5,
  lastOrderAt: '2026-11-20T18:04:11.000Z',
  joinedAt: '2025-03-02T09:15:00.000Z',
  erasedAt: null,
  tier: null,
};

/**
 * /api/v1 customers: the list, one account, its ledger (scope `customers:read`) and the points
 * adjustment (scope `points:adjust`) — the back-office's own service calls, so the ledger rules
 * (locks, idempotency, lots, debts) are the same.
 */
export function publicCustomersRoutes(
  app: FastifyInstance,
  { deps, scope, security, tags, errors }: PublicApiContext,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/customers',
    {
      preValidation: scope('customers:read'),
      schema: {
        tags,
        security,
        summary: 'Customers with their balances (keyset pages)',
        description:
          'Scope `customers:read`. Newest first by default; pass `nextCursor` back as `cursor` for the next page.\n\nExample: `curl -H "Authorization: Bearer nqk_…" "https://nuqat.example/api/v1/customers?sort=balance&limit=50"`',
        querystring: CustomersQuerySchema,
        response: {
          200: CustomersResponseSchema.meta({
            examples: [
              {
                success: true,
                data: { items: [EXAMPLE_CUSTOMER], nextCursor: 'WyIyMDI1LTAzLTAyIiwxXQ' },
              },
            ],
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.customersService.listCustomers(apiKeyOf(request).merchantId, request.query),
    }),
  );

  r.get(
    '/customers/:id',
    {
      preValidation: scope('customers:read'),
      schema: {
        tags,
        security,
        summary: 'One customer: balance, expiring lots, coupons, orders',
        description: 'Scope `customers:read`. Another store’s customer is 404.',
        params: CustomerParamsSchema,
        response: { 200: CustomerAccountResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.customersService.getAccount(apiKeyOf(request).merchantId, request.params.id),
    }),
  );

  r.get(
    '/customers/:id/ledger',
    {
      preValidation: scope('customers:read'),
      schema: {
        tags,
        security,
        summary: "A customer's points ledger, newest first (keyset pages)",
        description: 'Scope `customers:read`.',
        params: CustomerParamsSchema,
        querystring: CustomerLedgerQuerySchema,
        response: { 200: CustomerLedgerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.customersService.getLedger(
        apiKeyOf(request).merchantId,
        request.params.id,
        request.query,
      ),
    }),
  );

  r.post(
    '/customers/:id/points',
    {
      preValidation: scope('points:adjust'),
      schema: {
        tags,
        security,
        summary: 'Add or remove points, once per Idempotency-Key',
        description:
          'Scope `points:adjust`. `Idempotency-Key` (a UUID) is required: the same key with the same body answers the first result again; with another body, 409 `IDEMPOTENCY_KEY_REUSED`. A removal never takes the balance below zero (409 `ADJUSTMENT_EXCEEDS_BALANCE`).',
        params: CustomerParamsSchema,
        headers: PublicAdjustHeadersSchema,
        body: PublicAdjustBodySchema.meta({
          examples: [{ points: 150, reason: 'Apology for a late delivery' }],
        }),
        response: {
          200: AdjustmentResponseSchema.meta({
            examples: [
              {
                success: true,
                data: {
                  idempotencyKey: '5d0c7a4e-9b1f-4f6e-8d59-2b8f0a4c1e11',
                  customerId: '1548293011',
                  points: 150,
                  reason: 'Apology for a late delivery',
                  balanceAfter: 1400,
                  ledgerId: '981273',
                  sessionId: null,
                  at: '2026-11-26T10:00:00.000Z',
                },
              },
            ],
          }),
          ...errors,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.customersService.adjust({
        merchantId: apiKeyOf(request).merchantId,
        sessionId: null,
        customerId: request.params.id,
        body: { ...request.body, idempotencyKey: request.headers['idempotency-key'] },
      }),
    }),
  );
}
