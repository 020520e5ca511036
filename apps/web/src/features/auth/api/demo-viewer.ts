import { StoreInfoResponseSchema } from '@nuqat/contracts';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/**
 * Opens the read-only demo (decision 044): a viewer session of the demo store, in the httpOnly
 * cookie like a login. The store's name comes from store-info, which also proves the cookie.
 */
export async function openDemoViewer(): Promise<void> {
  await apiRequest('/api/merchants/auth/demo-viewer', {
    method: 'POST',
    headers: { 'X-Session-Mode': 'cookie' },
    onUnauthorized: 'ignore',
  });
  const info = await apiRequest('/api/merchants/store-info', {
    schema: StoreInfoResponseSchema,
    onUnauthorized: 'ignore',
  });
  startSession({ merchantId: info.data.merchantId, merchantName: info.data.storeName });
}
