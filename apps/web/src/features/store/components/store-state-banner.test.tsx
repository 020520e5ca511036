import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { UpdateProgrammeStatusRequestSchema, type StoreInfo } from '@nuqat/contracts';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import {
  notificationHandlers,
  dashboardBody,
  loyaltyRulesBody,
  programmeBody,
  rewardsBody,
  settingsBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
} from '../../../testing/mocks';

// /settings loads its «رسائل العملاء» section too.
beforeEach(() => {
  server.use(...notificationHandlers());
});

/** The dashboard and the settings screen, for a store in the given state. */
function answer(store: Partial<StoreInfo>) {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody(store))),
    http.get('/api/merchants/dashboard', () => HttpResponse.json(dashboardBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
    http.get('/api/merchants/subscription/status', () =>
      HttpResponse.json(
        subscriptionBody({
          needsReinstall: store.needsReinstall ?? false,
          isEarning: store.isEarning ?? true,
        }),
      ),
    ),
  );
}

const banners = () => screen.queryAllByTestId('store-state-banner');

describe('the banner a merchant must not miss, on every page', () => {
  test('a store Salla disconnected is told to reinstall, once, with the link that fixes it', async () => {
    signIn();
    answer({ needsReinstall: true });
    renderApp('/dashboard');
    const banner = await screen.findByTestId('store-state-banner');
    expect(banner).toHaveAttribute('data-state', 'reinstall');
    expect(banner).toHaveTextContent('فصلت سلة نقاط عن متجرك');
    const link = within(banner).getByRole('link', { name: /أعد التثبيت من متجر تطبيقات سلة/ });
    expect(link).toHaveAttribute('href', 'https://apps.salla.sa');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The usage panel on the same page says nothing more about it: one box per problem.
    expect(await screen.findByTestId('usage-text')).toBeInTheDocument();
    expect(screen.queryAllByText('فصلت سلة نقاط عن متجرك')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an inactive subscription says shoppers earn nothing, on the settings page too (English)', async () => {
    signIn();
    answer({ isEarning: false, subscriptionStatus: 'expired' });
    const { user } = renderApp('/settings');
    const banner = await screen.findByTestId('store-state-banner');
    expect(banner).toHaveAttribute('data-state', 'inactive');
    expect(banner).toHaveTextContent('اشتراكك غير نشط');
    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(banner).toHaveTextContent('Your subscription is not active'));
    expect(
      within(banner).getByRole('link', { name: /Renew in the Salla App Store/ }),
    ).toHaveAttribute('href', 'https://apps.salla.sa');
  });

  test('a paused programme links to where it is resumed', async () => {
    signIn();
    answer({ programmeEnabled: false });
    renderApp('/dashboard');
    const banner = await screen.findByTestId('store-state-banner');
    expect(banner).toHaveAttribute('data-state', 'paused');
    expect(banner).toHaveTextContent('برنامج النقاط متوقف مؤقتًا');
    expect(within(banner).getByRole('link', { name: 'استئناف البرنامج' })).toHaveAttribute(
      'href',
      '/setpoints',
    );
  });

  test('only the most serious state is shown', async () => {
    signIn();
    answer({ needsReinstall: true, isEarning: false, programmeEnabled: false });
    renderApp('/dashboard');
    expect(await screen.findByTestId('store-state-banner')).toHaveAttribute(
      'data-state',
      'reinstall',
    );
    expect(banners()).toHaveLength(1);
  });

  test('a store that earns as usual shows no banner', async () => {
    signIn();
    answer({});
    renderApp('/dashboard');
    await screen.findByTestId('usage-text');
    expect(banners()).toHaveLength(0);
  });

  test('pausing on /setpoints shows the banner at once, resuming takes it away', async () => {
    signIn();
    let enabled = true;
    server.use(
      http.get('/api/merchants/store-info', () =>
        HttpResponse.json(storeInfoBody({ programmeEnabled: enabled })),
      ),
      http.get('/api/loyalty', () => HttpResponse.json(loyaltyRulesBody())),
      http.get('/api/loyalty/programme', () => HttpResponse.json(programmeBody(enabled))),
      http.get('/api/rewards', () => HttpResponse.json(rewardsBody())),
      http.put('/api/loyalty/programme', async ({ request }) => {
        enabled = UpdateProgrammeStatusRequestSchema.parse(await request.json()).enabled;
        return HttpResponse.json(programmeBody(enabled));
      }),
    );
    const { user } = renderApp('/setpoints');
    const card = await screen.findByTestId('programme-status');
    expect(banners()).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'إيقاف البرنامج مؤقتًا' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'إيقاف البرنامج مؤقتًا' }));
    expect(await screen.findByTestId('store-state-banner')).toHaveAttribute('data-state', 'paused');
    await user.click(within(card).getByRole('button', { name: 'استئناف البرنامج' }));
    await waitFor(() => expect(banners()).toHaveLength(0));
  });
});
