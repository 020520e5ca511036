import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { merchants } from '../../db/schema/index.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import {
  createEngineContext,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
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
    expect(decryptSecret(ctx.config.encryptionKey, m!.sallaAccessToken!)).toBe(a);
    expect(decryptSecret(ctx.config.encryptionKey, m!.sallaRefreshToken!)).not.toBe(
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
