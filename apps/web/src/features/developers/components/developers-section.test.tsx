import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  notificationHandlers,
  settingsBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

function storeInfo() {
  server.use(
    ...notificationHandlers(),
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
  );
}

describe('the developers section of /settings', () => {
  test('a Starter store sees the Growth offer and no key form', async () => {
    signIn();
    storeInfo();
    renderApp('/settings');
    const offer = await screen.findByTestId('developers-upgrade');
    expect(offer).toHaveTextContent('واجهة برمجية مفتوحة وويب هوك موقّعة');
    expect(screen.queryByTestId('api-keys-card')).not.toBeInTheDocument();
  });

  test('a Growth store sees its keys (never their secret) and its endpoints', async () => {
    signIn();
    storeInfo();
    server.use(
      http.get('/api/merchants/api-keys', () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              id: '00000000-0000-4000-8000-00000000a001',
              name: 'CRM',
              scopes: ['customers:read'],
              prefix: 'nqk_ab12cd',
              createdAt: '2026-11-01T10:00:00.000Z',
              lastUsedAt: null,
              revokedAt: null,
            },
          ],
        }),
      ),
      http.get('/api/merchants/webhooks/endpoints', () =>
        HttpResponse.json({ success: true, data: [] }),
      ),
      http.get('/api/merchants/webhooks/deliveries', () =>
        HttpResponse.json({ success: true, data: { items: [], nextCursor: null } }),
      ),
    );
    renderApp('/settings');
    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent('CRM');
    expect(row).toHaveTextContent('nqk_ab12cd…');
    expect(row).toHaveTextContent('قراءة العملاء والنقاط');
    expect(row).toHaveTextContent('لم يُستخدم بعد');
    expect(await screen.findByText('لا توجد عناوين بعد.')).toBeInTheDocument();
    expect(screen.queryByTestId('developers-upgrade')).not.toBeInTheDocument();
  });
});
