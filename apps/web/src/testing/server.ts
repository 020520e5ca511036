import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SupportContactsResponseSchema } from '@nuqat/contracts';

/** The deployment's support contacts, as a configured server answers them. */
export const TEST_SUPPORT = SupportContactsResponseSchema.parse({
  success: true,
  data: {
    email: 'help@nuqat.example',
    phone: '+966 11 234 5678',
    whatsapp: '966501234567',
    appStoreUrl: 'https://apps.salla.sa/ar/app/123456',
    demo: false,
    operator: {
      name: 'Nuqat Technologies Co.',
      crNumber: '1010123456',
      address: 'King Fahd Road, Riyadh 12211',
      email: 'legal@nuqat.example',
    },
  },
});

/**
 * No default handlers but two: every test states the answers it relies on. The exceptions are the
 * deployment's configuration (GET /api/support), the same on every screen that shows it, and the
 * store's social links (none), which every test of the settings page loads with its card
 * (decision 052); a test about either answers it itself.
 */
export const server = setupServer(
  http.get('/api/support', () => HttpResponse.json(TEST_SUPPORT)),
  http.get('/api/merchants/social-links', () =>
    HttpResponse.json({
      success: true,
      data: { instagram: null, x: null, tiktok: null, snapchat: null },
    }),
  ),
);
