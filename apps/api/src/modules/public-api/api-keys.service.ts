import { createHmac, randomBytes } from 'node:crypto';
import {
  API_KEYS_MAX,
  planHasFeature,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireOpenApiPlan } from '../outbound-webhooks/index.ts';
import {
  countLiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './public-api.repository.ts';

/** `nqk_` + 32 random bytes (base64url): high-entropy, so a keyed fast hash is enough (decision 038). */
export const API_KEY_PREFIX = 'nqk_';
const KEY_SHAPE = /^nqk_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: Buffer, secret: string): string {
  return createHmac('sha256', key).update(secret, 'utf8').digest('hex');
}

export interface ApiKeyAuth {
  merchantId: number;
  keyId: string;
  scopes: ApiKeyScope[];
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function createApiKeysService(ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'log'>) {
  const { db } = ctx;
  const hashKey = ctx.config.keys.apiKeys.current;

  async function list(merchantId: number): Promise<ApiKey[]> {
    await requireOpenApiPlan(ctx, merchantId);
    return (await listApiKeys(db, merchantId)).map(toApiKey);
  }

  async function create(
    merchantId: number,
    body: CreateApiKeyBody,
  ): Promise<{ key: ApiKey; secret: string }> {
    await requireOpenApiPlan(ctx, merchantId);
    if ((await countLiveApiKeys(db, merchantId)) >= API_KEYS_MAX)
      throw new AppError('API_KEYS_LIMIT_REACHED');
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const row = await insertApiKey(db, {
      merchantId,
      name: body.name,
      scopes: [...body.scopes],
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
      keyHash: hashApiKey(hashKey, secret),
      createdAt: ctx.now(),
    });
    return { key: toApiKey(row), secret };
  }

  async function revoke(merchantId: number, id: string): Promise<ApiKey> {
    const row = await revokeApiKey(db, merchantId, id, ctx.now());
    if (!row) throw new AppError('NOT_FOUND');
    return toApiKey(row);
  }

  /**
   * The key's store and scopes, or API_KEY_INVALID: unknown, revoked (refused from the moment
   * the revocation commits: every request reads the row), or its store left the Growth plan
   * (PLAN_FEATURE_REQUIRED) or uninstalled.
   */
  async function authenticate(secret: string): Promise<ApiKeyAuth> {
    if (!KEY_SHAPE.test(secret)) throw new AppError('API_KEY_INVALID');
    const found = await findApiKeyByHash(db, hashApiKey(hashKey, secret));
    if (!found || found.key.revokedAt || found.installStatus === 'uninstalled')
      throw new AppError('API_KEY_INVALID');
    if (!found.plan || !planHasFeature(found.plan, 'openApi'))
      throw new AppError('PLAN_FEATURE_REQUIRED');
    const { key } = found;
    const now = ctx.now();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= 60_000) {
      await touchApiKey(db, key.merchantId, key.id, now);
    }
    return { merchantId: key.merchantId, keyId: key.id, scopes: key.scopes as ApiKeyScope[] };
  }

  return { list, create, revoke, authenticate };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
