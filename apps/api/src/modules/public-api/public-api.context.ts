import { ErrorBodySchema } from '@nuqat/contracts';
import type { Database } from '../../db/client.ts';
import type { CustomersService } from '../customers/index.ts';
import type { OutboundWebhooks } from '../outbound-webhooks/index.ts';
import { apiKeyGuard } from './api-key-auth.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** What the /api/v1 routes are built from. */
export interface PublicApiDeps {
  db: Database;
  apiKeys: ApiKeysService;
  customersService: CustomersService;
  webhooks: OutboundWebhooks;
}

/**
 * What every /api/v1 route shares (docs/decisions/038): the key check with its scope, the
 * OpenAPI security and tag, and the error answers.
 */
export function publicApiContext(deps: PublicApiDeps) {
  const scope = apiKeyGuard({ db: deps.db, apiKeys: deps.apiKeys });
  const security = [{ apiKey: [] }];
  const tags = ['public API v1'];
  const errors = {
    400: ErrorBodySchema,
    401: ErrorBodySchema,
    403: ErrorBodySchema,
    404: ErrorBodySchema,
    429: ErrorBodySchema,
  };
  return { deps, scope, security, tags, errors };
}

export type PublicApiContext = ReturnType<typeof publicApiContext>;
