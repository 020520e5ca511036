import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import type { ErrorCode } from '@nuqat/contracts';
import type { ParentMessage } from '@nuqat/contracts/storefront';
import { server } from '../../testing/server';
import { formatCurrency, formatDate } from '../lib/format';
import { createTranslator } from '../lib/i18n';
import { ar } from '../locales/ar';
import { en } from '../locales/en';
import {
  CLAIM_URL,
  LOYALTY_URL,
  MERCHANT_ID,
  OFFER_URL,
  REF_CODE,
  SARA_IN_STORE,
  STORE_ORIGIN,
  claimBody,
  errorBody,
  loyaltyBody,
  offerBody,
  shopperReferral,
} from '../testing/fixtures';
import { renderPage, renderSignedIn } from '../testing/render-page';

const MERCHANT = Number(MERCHANT_ID);

afterEach(() => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

/** Intl puts no-break spaces and direction marks in amounts; compare plain text. */
const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u200e\u200f\u061c]/gu, '').replace(/\s/gu, ' ');

/** The store page's answer for a guest (or a customer) who came through `?ref=`. */
function guest(ref: string | null = REF_CODE, signedInAtStore = false): ParentMessage {
  return {
    type: 'nuqat:customer',
    merchantId: MERCHANT,
    customer: signedInAtStore ? SARA_IN_STORE : null,
    ref,
    lang: 'ar',
  };
}

/** The public offer and claim, every call recorded. */
function referralApi({
  offer = () => HttpResponse.json(offerBody()),
  claim = () => HttpResponse.json(claimBody()),
}: {
  offer?: () => Response;
  claim?: () => Response;
} = {}) {
  const offers: URLSearchParams[] = [];
  const claims: Array<{ body: unknown; language: string | null }> = [];
  server.use(
    http.get(OFFER_URL, ({ request }) => {
      offers.push(new URL(request.url).searchParams);
      return offer();
    }),
    http.post(CLAIM_URL, async ({ request }) => {
      claims.push({ body: await request.json(), language: request.headers.get('accept-language') });
      return claim();
    }),
  );
  return { offers, claims };
}

function serveLoyalty(body: unknown) {
  server.use(http.get(LOYALTY_URL, () => HttpResponse.json(body as Record<string, unknown>)));
}

describe('the signed-in shopper’s invitation', () => {
  test('the invite card shows the link left to right, both rewards and the counts', async () => {
    serveLoyalty(loyaltyBody({ referral: shopperReferral() }));
    renderSignedIn();
    const card = await screen.findByTestId('invite-card');
    expect(within(card).getByRole('heading', { name: ar['referral.title'] })).toBeInTheDocument();
    const link = within(card).getByTestId('invite-link');
    expect(link).toHaveTextContent(`${STORE_ORIGIN}/?ref=${REF_CODE}`);
    expect(link).toHaveAttribute('dir', 'ltr');
    expect(plain(card.textContent)).toContain(
      plain(
        `يحصل صديقك على كوبون خصم 10٪ (بحد أقصى ${formatCurrency(50, 'ar')})، وتحصل أنت على كوبون خصم ${formatCurrency(30, 'ar')} عن كل صديق`,
      ),
    );
    expect(within(card).getByTestId('invite-invited')).toHaveTextContent('انضم 3 أصدقاء عبر رابطك');
    expect(within(card).getByTestId('invite-rewarded')).toHaveTextContent('كسبت مكافأتين');
  });

  test.each([
    [0, 0, 'لم ينضم أي صديق عبر رابطك بعد', 'لم تكسب مكافأة دعوة بعد'],
    [1, 1, 'انضم صديق واحد عبر رابطك', 'كسبت مكافأة واحدة'],
    [11, 11, 'انضم 11 صديقًا عبر رابطك', 'كسبت 11 مكافأة'],
    [100, 100, 'انضم 100 صديق عبر رابطك', 'كسبت 100 مكافأة'],
  ])('%i invited, %i rewarded take their Arabic plural forms', async (invited, rewarded, a, b) => {
    serveLoyalty(loyaltyBody({ referral: shopperReferral({ invited, rewarded }) }));
    renderSignedIn();
    const card = await screen.findByTestId('invite-card');
    expect(within(card).getByTestId('invite-invited')).toHaveTextContent(a);
    expect(within(card).getByTestId('invite-rewarded')).toHaveTextContent(b);
  });

  test('the share links carry the encoded message with the link, and open in a new tab', async () => {
    const referral = shopperReferral({ link: 'https://demo.salla.sa/?ref=SARA-7K2M&x=1' });
    serveLoyalty(loyaltyBody({ referral }));
    renderSignedIn();
    const card = await screen.findByTestId('invite-card');
    const { t } = createTranslator('ar');
    const text = t('referral.shareText', {
      store: 'متجر نقاط التجريبي',
      reward: `خصم 10٪ (بحد أقصى ${formatCurrency(50, 'ar')})`,
      link: referral.link,
    });
    const whatsapp = within(card).getByRole('link', { name: 'شارك عبر واتساب' });
    const x = within(card).getByRole('link', { name: 'شارك عبر إكس' });
    const email = within(card).getByRole('link', { name: 'شارك عبر البريد' });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(x).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}`,
    );
    expect(email).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent('هدية لك من متجر نقاط التجريبي')}&body=${encodeURIComponent(text)}`,
    );
    for (const link of [whatsapp, x, email]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
      // The link's own `&` and `?` are encoded, so the message reaches the app whole.
      expect(new URL(link.getAttribute('href')!).search).not.toContain('&x=1');
      expect(decodeURIComponent(link.getAttribute('href')!)).toContain(referral.link);
    }
  });

  test('the copy button copies the link and says so', async () => {
    serveLoyalty(loyaltyBody({ referral: shopperReferral() }));
    const { user } = renderSignedIn();
    const card = await screen.findByTestId('invite-card');
    await user.click(within(card).getByRole('button', { name: ar['referral.copyLink'] }));
    expect(await within(card).findByText(ar['referral.linkCopied'])).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(shopperReferral().link);
  });

  test('in English the sentence, the counts and the share labels are English', async () => {
    serveLoyalty(
      loyaltyBody({
        referral: shopperReferral({
          invited: 1,
          rewarded: 0,
          participantReward: { type: 'shipping', value: 0, maxAmount: null },
        }),
      }),
    );
    renderSignedIn({ search: `?merchantId=${MERCHANT_ID}&lang=en` });
    const card = await screen.findByTestId('invite-card');
    expect(within(card).getByRole('heading', { name: en['referral.title'] })).toBeInTheDocument();
    expect(plain(card.textContent)).toContain(
      plain(
        `Your friend gets a coupon for 10% off (up to ${formatCurrency(50, 'en')}), and you get a coupon for free shipping`,
      ),
    );
    expect(within(card).getByTestId('invite-invited')).toHaveTextContent(
      '1 friend joined through your link',
    );
    expect(within(card).getByTestId('invite-rewarded')).toHaveTextContent('0 rewards earned');
    expect(within(card).getByRole('link', { name: 'Share on WhatsApp' })).toBeInTheDocument();
  });

  test('with the programme off (referral null) there is no invite card and no gift card', async () => {
    serveLoyalty(loyaltyBody({ referral: null }));
    renderSignedIn();
    await screen.findByRole('region', { name: ar['balance.label'] });
    expect(screen.queryByTestId('invite-card')).toBeNull();
    expect(screen.queryByTestId('referral-gift')).toBeNull();
  });

  test('a signed-in shopper who came through a link is not offered the gift', async () => {
    serveLoyalty(loyaltyBody({ referral: shopperReferral() }));
    const { offers } = referralApi();
    // The store page kept the code from the link, and Sara's token.
    renderSignedIn({ answer: { ref: REF_CODE } });
    expect(await screen.findByTestId('invite-card')).toBeInTheDocument();
    expect(screen.queryByTestId('referral-gift')).toBeNull();
    expect(offers).toHaveLength(0);
  });
});

describe('a guest invited by a friend', () => {
  test('sees the gift above the sign-in, claims it and is told where the coupon went', async () => {
    const { offers, claims } = referralApi();
    const { user, sendFromStore } = renderPage({ framed: true });
    sendFromStore(guest());

    const gift = await screen.findByTestId('referral-gift');
    expect(within(gift).getByRole('heading', { name: ar['gift.title'] })).toBeInTheDocument();
    expect(plain(gift.textContent)).toContain(
      plain(`كوبون خصم 10٪ (بحد أقصى ${formatCurrency(50, 'ar')}) من متجر نقاط التجريبي`),
    );
    expect([...offers[0]!.entries()]).toEqual([
      ['merchantId', MERCHANT_ID],
      ['code', REF_CODE],
    ]);
    // Above the sign-in, which is still there for a shopper who has an account.
    const signIn = screen.getByRole('heading', { name: ar['signIn.title'] });
    expect(gift.compareDocumentPosition(signIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const email = within(gift).getByLabelText(ar['gift.email']);
    expect(email).toHaveAttribute('dir', 'ltr');
    await user.type(email, ' Noura@Example.com ');
    await user.click(within(gift).getByRole('button', { name: ar['gift.claim'] }));

    const sent = await within(gift).findByTestId('referral-gift-sent');
    expect(sent).toHaveTextContent('أُرسل كوبونك إلى n***@example.com');
    expect(within(sent).getByText('n***@example.com')).toHaveAttribute('dir', 'ltr');
    expect(plain(sent.textContent)).toContain(
      plain(
        `كوبون خصم 10٪ (بحد أقصى ${formatCurrency(50, 'ar')})، صالح حتى ${formatDate('2026-12-23T20:59:59.000Z', 'ar')}.`,
      ),
    );
    expect(within(gift).queryByRole('button', { name: ar['gift.claim'] })).toBeNull();
    expect(claims).toEqual([
      {
        body: { merchantId: MERCHANT, code: REF_CODE, email: 'noura@example.com' },
        language: 'ar',
      },
    ]);
  });

  test.each<[ErrorCode, number]>([
    ['REFERRAL_CODE_INVALID', 404],
    ['REFERRAL_INACTIVE', 409],
    ['REFERRAL_NOT_ELIGIBLE', 409],
    ['REFERRAL_CLAIM_FAILED', 502],
    ['RATE_LIMITED', 429],
    ['VALIDATION_FAILED', 400],
  ])(
    'a claim refused with %s shows the server’s message, and can be tried again',
    async (code, status) => {
      const body = errorBody(code, 'ar', code === 'RATE_LIMITED' ? 30 : undefined);
      const { claims } = referralApi({ claim: () => HttpResponse.json(body, { status }) });
      const { user, sendFromStore } = renderPage({ framed: true });
      sendFromStore(guest());
      const gift = await screen.findByTestId('referral-gift');
      await user.type(within(gift).getByLabelText(ar['gift.email']), 'noura@example.com');
      await user.click(within(gift).getByRole('button', { name: ar['gift.claim'] }));
      expect(await within(gift).findByText(body.message)).toBeInTheDocument();
      expect(within(gift).getByLabelText(ar['gift.email'])).toHaveAttribute('aria-invalid', 'true');
      expect(within(gift).getByRole('button', { name: ar['gift.claim'] })).toBeEnabled();
      expect(claims).toHaveLength(1);
    },
  );

  test('an e-mail that is no e-mail is caught before any call', async () => {
    const { claims } = referralApi();
    const { user, sendFromStore } = renderPage({ framed: true });
    sendFromStore(guest());
    const gift = await screen.findByTestId('referral-gift');
    await user.type(within(gift).getByLabelText(ar['gift.email']), 'noura@');
    await user.click(within(gift).getByRole('button', { name: ar['gift.claim'] }));
    expect(await within(gift).findByText(ar['errors.emailInvalid'])).toBeInTheDocument();
    expect(claims).toHaveLength(0);
  });

  test('the store’s customer e-mail pre-fills the gift’s field', async () => {
    referralApi();
    const { sendFromStore } = renderPage({ framed: true });
    sendFromStore(guest(REF_CODE, true));
    const gift = await screen.findByTestId('referral-gift');
    expect(within(gift).getByLabelText(ar['gift.email'])).toHaveValue(SARA_IN_STORE.email);
  });

  test('an unknown code leaves only a short note with the server’s words', async () => {
    const body = errorBody('REFERRAL_CODE_INVALID');
    referralApi({ offer: () => HttpResponse.json(body, { status: 404 }) });
    const { sendFromStore } = renderPage({ framed: true });
    sendFromStore(guest('NOBODY'));
    expect(await screen.findByRole('note')).toHaveTextContent(body.message);
    expect(screen.queryByTestId('referral-gift')).toBeNull();
    expect(screen.getByRole('heading', { name: ar['signIn.title'] })).toBeInTheDocument();
  });

  test.each<[ErrorCode, number]>([
    ['REFERRAL_INACTIVE', 409],
    ['PLAN_FEATURE_REQUIRED', 403],
  ])('an offer refused with %s shows nothing at all', async (code, status) => {
    const { offers } = referralApi({
      offer: () => HttpResponse.json(errorBody(code), { status }),
    });
    const { sendFromStore } = renderPage({ framed: true });
    sendFromStore(guest());
    await screen.findByRole('heading', { name: ar['signIn.title'] });
    await waitFor(() => expect(offers.length).toBeGreaterThan(0));
    // Let the refused answer land before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('referral-gift')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  test('a guest with no code, or a malformed one, is offered nothing and nothing is asked', async () => {
    const { offers } = referralApi();
    const { sendFromStore } = renderPage({ framed: true });
    sendFromStore(guest('bad code!'));
    await screen.findByRole('heading', { name: ar['signIn.title'] });
    expect(screen.queryByTestId('referral-gift')).toBeNull();
    expect(offers).toHaveLength(0);
  });
});
