import { expect } from 'vitest';
import { sendWebhook, webhooks } from '@nuqat/salla-sandbox';

type OrderFacts = Parameters<typeof webhooks.orderCreated>[1];

/**
 * An order placed and then completed at Salla, as the store's two signed webhooks tell it
 * (`order.created` under review, then `order.status.updated` to completed); each answered 200.
 */
export async function placeCompletedOrder(
  baseUrl: string,
  merchantId: number,
  order: OrderFacts,
  secret: string,
): Promise<void> {
  const hook = `${baseUrl}/api/salla/webhooks`;
  expect((await sendWebhook(hook, webhooks.orderCreated(merchantId, order), secret)).status).toBe(
    200,
  );
  expect(
    (
      await sendWebhook(
        hook,
        webhooks.orderStatusUpdated(merchantId, { ...order, status: 'completed' }),
        secret,
      )
    ).status,
  ).toBe(200);
}
