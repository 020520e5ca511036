import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { merchants } from '../../db/schema/index.ts';
import { openForStore } from '../../lib/crypto.ts';
import {
  createEngineContext,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import { sealV1 } from '../../test/legacy-seal.ts';
import { uniqueEmail } from '../../test/test-app.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function installedStore(expiresInSeconds: number) {
  const merchantId = randomId();
  const ownerEmail = uniqueEmail('owner');
  const tokens = ctx.sandbox.registerStore({ merchantId, ownerEmail }, { expiresInSeconds });
  await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
  return { merchantId, ownerEmail, tokens };
}

describe('Salla token refresh', () => {
  test('a token far from expiry is used as it is', async () => {
    const { merchantId, tokens } = await installedStore(10 * 86_400);
    const before = ctx.sandbox.stats.refreshCalls;
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId })).toBe(
      tokens.access_token,
    );
    expect(ctx.sandbox.stats.refreshCalls).toBe(before);
  });

  test('two concurrent refreshes ahead of expiry make one call and both get the new token', async () => {
    const { merchantId, tokens } = await installedStore(3600);
    const before = ctx.sandbox.stats.refreshCalls;
    const [a, b] = await Promise.all([
      ctx.app.services.sallaTokens.getAccessToken({ merchantId }),
      ctx.app.services.sallaTokens.getAccessToken({ merchantId }),
    ]);
    expect(ctx.sandbox.stats.refreshCalls - before).toBe(1);
    expect(a).toBe(b);
    expect(a).not.toBe(tokens.access_token);
    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(openForStore(ctx.config.keys.storeSecrets, m!.id, m!.sallaAccessToken!)).toBe(a);
    expect(openForStore(ctx.config.keys.storeSecrets, m!.id, m!.sallaRefreshToken!)).not.toBe(
      tokens.refresh_token,
    );
    expect(m!.sallaTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 10 * 86_400_000);
    // The new access token works against Salla.
    expect((await ctx.app.salla.getStoreInfo(a)).id).toBe(merchantId);
  });

  test('invalid_grant marks the store as needing a reinstall and tells the merchant', async () => {
    const { merchantId, ownerEmail } = await installedStore(3600);
    ctx.sandbox.fail({ mode: 'invalid_grant', path: '/oauth2/token' });
    const before = ctx.smtp.messages.length;
    await expect(ctx.app.services.sallaTokens.getAccessToken({ merchantId })).rejects.toMatchObject(
      { code: 'STORE_NEEDS_REINSTALL' },
    );
    const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(m!.needsReinstall).toBe(true);
    const mail = await ctx.smtp.waitForMail(ownerEmail, { after: before });
    expect(mail.subject).toContain('Nuqat lost its connection');
    const calls = ctx.sandbox.stats.refreshCalls;
    await expect(ctx.app.services.sallaTokens.getAccessToken({ merchantId })).rejects.toMatchObject(
      { code: 'STORE_NEEDS_REINSTALL' },
    );
    expect(ctx.sandbox.stats.refreshCalls).toBe(calls);
  });

  test('a reinstall (app.store.authorize) clears the reinstall flag', async () => {
    const { merchantId, ownerEmail } = await installedStore(3600);
    await ctx.database.db
      .update(merchants)
      .set({ needsReinstall: true })
      .where(eq(merchants.id, merchantId));
    const tokens = ctx.sandbox.registerStore(
      { merchantId, ownerEmail },
      { expiresInSeconds: 10 * 86_400 },
    );
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens, new Date(Date.now() + 5000)));
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId })).toBe(
      tokens.access_token,
    );
  });
});

describe('Salla tokens sealed before store binding (decision 026)', () => {
  const rowOf = async (merchantId: number) =>
    (await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!;

  test('are still read, and the start-up pass seals them again for their store', async () => {
    const { merchantId, tokens } = await installedStore(10 * 86_400);
    // The row as an older version left it.
    await ctx.database.db
      .update(merchants)
      .set({
        sallaAccessToken: sealV1(ctx.config.encryptionKey, tokens.access_token),
        sallaRefreshToken: sealV1(ctx.config.encryptionKey, tokens.refresh_token),
      })
      .where(eq(merchants.id, merchantId));
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId })).toBe(
      tokens.access_token,
    );
    // A row whose old value no longer opens is logged and left; the others go on.
    const broken = await installedStore(10 * 86_400);
    await ctx.database.db
      .update(merchants)
      .set({ sallaAccessToken: sealV1(Buffer.alloc(32, 7), 'not ours') })
      .where(eq(merchants.id, broken.merchantId));

    expect(
      await ctx.app.services.sallaTokens.resealLegacyTokens({ batchSize: 1 }),
    ).toBeGreaterThanOrEqual(1);
    const row = await rowOf(merchantId);
    expect(row.sallaAccessToken!.startsWith('v2.')).toBe(true);
    expect(row.sallaRefreshToken!.startsWith('v2.')).toBe(true);
    const keys = ctx.config.keys.storeSecrets;
    expect(openForStore(keys, merchantId, row.sallaAccessToken!)).toBe(tokens.access_token);
    expect(openForStore(keys, merchantId, row.sallaRefreshToken!)).toBe(tokens.refresh_token);
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId })).toBe(
      tokens.access_token,
    );
    expect((await rowOf(broken.merchantId)).sallaAccessToken!.startsWith('v1.')).toBe(true);
    // Nothing old left to do for this store: a second pass does not touch it.
    const before = row.updatedAt;
    await ctx.app.services.sallaTokens.resealLegacyTokens();
    expect((await rowOf(merchantId)).sallaAccessToken).toBe(row.sallaAccessToken);
    expect((await rowOf(merchantId)).updatedAt).toEqual(before);
  });

  test("a store's sealed token copied into another store's row does not open there", async () => {
    const a = await installedStore(10 * 86_400);
    const b = await installedStore(10 * 86_400);
    const sealedForA = (await rowOf(a.merchantId)).sallaAccessToken!;
    await ctx.database.db
      .update(merchants)
      .set({ sallaAccessToken: sealedForA })
      .where(eq(merchants.id, b.merchantId));
    await expect(
      ctx.app.services.sallaTokens.getAccessToken({ merchantId: b.merchantId }),
    ).rejects.toThrow();
    expect(await ctx.app.services.sallaTokens.getAccessToken({ merchantId: a.merchantId })).toBe(
      a.tokens.access_token,
    );
  });
});
