import { Readable } from 'node:stream';
import {
  AdjustmentResponseSchema,
  AdjustPointsBodySchema,
  CustomerAccountResponseSchema,
  CustomerDataResponseSchema,
  CustomerLedgerQuerySchema,
  CustomerLedgerResponseSchema,
  CustomerParamsSchema,
  CustomersExportQuerySchema,
  CustomersQuerySchema,
  CustomersResponseSchema,
  EraseResponseSchema,
  ErrorBodySchema,
  ForgiveDebtBodySchema,
  ForgiveDebtResponseSchema,
  IMPORT_MAX_BYTES,
  ImportQuerySchema,
  ImportResponseSchema,
  LedgerExportQuerySchema,
} from '@nuqat/contracts';
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { merchantOf } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import type { CustomersService } from './customers.service.ts';

/** Sends a CSV built chunk by chunk: the answer starts before the last row is read. */
function sendCsv(reply: FastifyReply, filename: string, chunks: AsyncGenerator<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}

/** The store's shoppers, under /api/merchants/customers; each answers for the caller's store only. */
export function customersRoutes(deps: {
  customersService: CustomersService;
  requireMerchant: preHandlerAsyncHookHandler;
}) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = deps.customersService;
    const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
    // preValidation: an anonymous caller gets 401 before any field errors (as in rewards).
    const base = { preValidation: deps.requireMerchant };
    const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

    // The import's body: the CSV as text, up to its own size cap (413 above it).
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    r.get(
      '/customers',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          querystring: CustomersQuerySchema,
          response: { 200: CustomersResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.listCustomers(merchantOf(request).merchantId, request.query),
      }),
    );
    r.get(
      '/customers/export.csv',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          querystring: CustomersExportQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          'customers.csv',
          service.exportCustomersCsv(
            merchantOf(request).merchantId,
            request.query,
            requestLanguage(request),
          ),
        ),
    );
    r.get(
      '/customers/ledger.csv',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          querystring: LedgerExportQuerySchema,
          response: { ...errors },
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `ledger-${request.query.from}-${request.query.to}.csv`,
          service.exportLedgerCsv(
            merchantOf(request).merchantId,
            request.query,
            requestLanguage(request),
          ),
        ),
    );
    r.post(
      '/customers/import',
      {
        ...base,
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags: ['merchant'],
          security,
          querystring: ImportQuerySchema,
          consumes: ['text/csv'],
          response: {
            200: ImportResponseSchema,
            ...errors,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        if (typeof request.body !== 'string') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        return {
          success: true as const,
          data: await service.importBalances({
            merchantId: merchantOf(request).merchantId,
            csv: request.body,
            dryRun: request.query.dryRun === '1',
          }),
        };
      },
    );
    r.get(
      '/customers/:id',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: CustomerParamsSchema,
          response: { 200: CustomerAccountResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.getAccount(merchantOf(request).merchantId, request.params.id),
      }),
    );
    r.get(
      '/customers/:id/ledger',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: CustomerParamsSchema,
          querystring: CustomerLedgerQuerySchema,
          response: { 200: CustomerLedgerResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.getLedger(
          merchantOf(request).merchantId,
          request.params.id,
          request.query,
        ),
      }),
    );
    r.post(
      '/customers/:id/adjust',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: CustomerParamsSchema,
          body: AdjustPointsBodySchema,
          response: { 200: AdjustmentResponseSchema, ...errors, 409: ErrorBodySchema },
        },
      },
      async (request) => {
        const auth = merchantOf(request);
        return {
          success: true as const,
          data: await service.adjust({
            merchantId: auth.merchantId,
            sessionId: auth.sessionId,
            customerId: request.params.id,
            body: request.body,
          }),
        };
      },
    );
    r.post(
      '/customers/:id/forgive-debt',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: CustomerParamsSchema,
          body: ForgiveDebtBodySchema,
          response: { 200: ForgiveDebtResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.forgiveDebt({
          merchantId: merchantOf(request).merchantId,
          customerId: request.params.id,
          body: request.body,
        }),
      }),
    );
    r.get(
      '/customers/:id/data',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: CustomerParamsSchema,
          response: { 200: CustomerDataResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          data: await service.exportData(merchantOf(request).merchantId, request.params.id),
        };
      },
    );
    r.post(
      '/customers/:id/erase',
      {
        ...base,
        schema: {
          tags: ['merchant'],
          security,
          params: CustomerParamsSchema,
          response: { 200: EraseResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.erase(merchantOf(request).merchantId, request.params.id),
      }),
    );
  };
}
