import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { PLANS, STORAGE_KEYS, type SupportContacts } from '@nuqat/contracts';
import ar from '../../../locales/ar/landing.json';
import en from '../../../locales/en/landing.json';
import { createLandingI18n, followLanguageChanges } from '../lib/landing-i18n';
import { SUPPORT_SCRIPT_ID } from '../lib/landing-support';
import { openMailDraft } from '../lib/mail-draft';
import type * as MailDraft from '../lib/mail-draft';
import { LandingPage } from './landing-page';

vi.mock('../lib/mail-draft', async (importOriginal) => ({
  ...(await importOriginal<typeof MailDraft>()),
  openMailDraft: vi.fn(),
}));

const CONFIGURED = {
  email: 'help@nuqat.example' as string,
  phone: '+966 11 234 5678',
  whatsapp: '966501234567',
  appStoreUrl: 'https://apps.salla.sa/ar/app/123456',
  demo: false,
  operator: { name: null, crNumber: null, address: null, email: null },
} satisfies SupportContacts;

/** The support contacts as the API injects them into the served page (null: none configured). */
function serveSupport(contacts: SupportContacts | null) {
  document.getElementById(SUPPORT_SCRIPT_ID)?.remove();
  if (!contacts) return;
  const script = document.createElement('script');
  script.id = SUPPORT_SCRIPT_ID;
  script.type = 'application/json';
  script.textContent = JSON.stringify(contacts);
  document.head.append(script);
}

beforeEach(() => serveSupport(CONFIGURED));

function renderLanding(language: 'ar' | 'en' = 'ar') {
  const i18n = createLandingI18n(language);
  followLanguageChanges(i18n);
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <LandingPage />
    </I18nextProvider>,
  );
  return { ...view, user, i18n };
}

function openMenuButton() {
  return screen.getByRole('button', { name: ar.header.openMenu });
}

describe('landing page content', () => {
  test('the sections come in the order of the spec and every anchor they use exists', () => {
    const { container } = renderLanding();
    const order = ['hero-title', 'features', 'loyalty', 'system', 'pricing', 'subscription', 'faq'];
    const positions = order.map((id) => {
      const element = container.querySelector(`#${id}`);
      expect(element, `#${id}`).not.toBeNull();
      return [...container.querySelectorAll('[id]')].indexOf(element!);
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(
      container.querySelector('footer')?.compareDocumentPosition(container.querySelector('main')!),
    ).toBe(Node.DOCUMENT_POSITION_PRECEDING);
  });

  test('every in-page link points at an element of the page and none is a bare "#"', () => {
    const { container } = renderLanding();
    const anchors = [...container.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    expect(anchors.length).toBeGreaterThan(8);
    for (const anchor of anchors) {
      const id = anchor.getAttribute('href')!.slice(1);
      expect(id, anchor.outerHTML).not.toBe('');
      expect(container.querySelector(`[id="${id}"]`), anchor.outerHTML).not.toBeNull();
    }
    const targets = new Set(anchors.map((anchor) => anchor.getAttribute('href')));
    for (const expected of ['#features', '#loyalty', '#pricing', '#system', '#subscription']) {
      expect(targets).toContain(expected);
    }
  });

  test('links to other sites open in a new tab without a handle on this page', () => {
    const { container } = renderLanding();
    const external = [...container.querySelectorAll<HTMLAnchorElement>('a[href^="http"]')];
    expect(external.map((a) => a.href)).toEqual(expect.arrayContaining([CONFIGURED.appStoreUrl]));
    for (const anchor of external) {
      expect(anchor).toHaveAttribute('target', '_blank');
      expect(anchor.getAttribute('rel')).toContain('noopener');
    }
    // "Join" goes to the app's listing on Salla's App Store; the logo back to the top.
    expect(screen.getAllByRole('link', { name: new RegExp(ar.header.join) })[0]).toHaveAttribute(
      'href',
      CONFIGURED.appStoreUrl,
    );
    expect(screen.getByRole('link', { name: ar.header.logoLabel })).toHaveAttribute(
      'href',
      '#main',
    );
  });

  test('the hero offers subscribing, a preview of the platform and the 500-point example', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: ar.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ar.hero.subscribe })).toHaveAttribute(
      'href',
      '#subscription',
    );
    // The read-only demo where it runs, else the sign-in page: never another site (decision 044).
    expect(screen.getByRole('link', { name: new RegExp(ar.hero.preview) })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: ar.header.login })[0]).toHaveAttribute(
      'href',
      '/login',
    );
  });

  test('with the demo running, "Preview the platform" opens the read-only demo', () => {
    serveSupport({ ...CONFIGURED, demo: true });
    renderLanding();
    expect(screen.getByRole('link', { name: new RegExp(ar.hero.preview) })).toHaveAttribute(
      'href',
      '/demo',
    );
  });

  test('the plans come from the shared definition, growth highlighted and listing what it adds', () => {
    renderLanding('en');
    const starter = screen
      .getByRole('heading', { level: 3, name: en.plans.starter.name })
      .closest('li')!;
    const growth = screen
      .getByRole('heading', { level: 3, name: en.plans.growth.name })
      .closest('li')!;
    expect(starter).toHaveAttribute('data-highlight', 'false');
    expect(growth).toHaveAttribute('data-highlight', 'true');
    expect(within(starter).getByText(`SAR ${PLANS.starter.priceSar}`)).toBeInTheDocument();
    expect(within(growth).getByText(`SAR ${PLANS.growth.priceSar}`)).toBeInTheDocument();
    expect(within(starter).getByText('Up to 1,000 orders a month')).toBeInTheDocument();
    expect(within(growth).getByText(en.pricing.unlimited)).toBeInTheDocument();
    expect(within(growth).getByText(en.pricing.popular)).toBeInTheDocument();
    expect(within(growth).getByText('Everything in Starter, plus:')).toBeInTheDocument();
    const added = PLANS.growth.features.filter((f) => !PLANS.starter.features.includes(f));
    expect(
      within(growth)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(added.map((feature) => en.planFeatures[feature]));
    expect(within(starter).getAllByRole('listitem')).toHaveLength(PLANS.starter.features.length);
  });

  test('no figure the product cannot prove: an FAQ answers trial, cancelling, uninstall and data', async () => {
    const { container } = renderLanding('en');
    // The spec's "1,000+ stores", "4.9/5" and "99.9% satisfaction" are not shown as ours.
    expect(container.querySelectorAll('[data-figure]')).toHaveLength(0);
    for (const claim of ['1,000+', '4.9/5', '99.9%'])
      expect(container.textContent).not.toContain(claim);
    const faq = container.querySelector('#faq')!;
    expect([...faq.querySelectorAll('details')].map((d) => d.getAttribute('data-faq'))).toEqual([
      'trial',
      'cancel',
      'uninstall',
      'data',
      'salla',
    ]);
    const uninstall = within(faq as HTMLElement).getByText(en.faq.items.uninstall.question);
    expect(uninstall.closest('details')).not.toHaveAttribute('open');
    await userEvent.setup().click(uninstall);
    expect(uninstall.closest('details')).toHaveAttribute('open');
    expect(faq.textContent).toContain('90 days');
  });

  test('the contact details are the configured ones, each in its own direction; unset ones are not shown', () => {
    const first = renderLanding();
    let footer = first.container.querySelector('footer')!;
    expect(within(footer).getByRole('link', { name: CONFIGURED.phone })).toHaveAttribute(
      'href',
      'tel:+966112345678',
    );
    expect(within(footer).getByText(CONFIGURED.phone).closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(
      within(footer).getByRole('link', { name: new RegExp(ar.footer.whatsapp) }),
    ).toHaveAttribute('href', 'https://wa.me/966501234567');
    first.unmount();

    serveSupport(null);
    footer = renderLanding().container.querySelector('footer')!;
    expect(
      footer.querySelector('a[href^="mailto:"], a[href^="tel:"], a[href*="wa.me"]'),
    ).toBeNull();
    expect(within(footer).queryByLabelText(ar.footer.newsletter.label)).toBeNull();
    expect(footer.textContent).not.toContain('000 0000');
  });

  test('the footer has quick links and contact details, and no placeholder links', () => {
    const { container } = renderLanding();
    const footer = container.querySelector('footer')!;
    const quick = within(footer).getByRole('navigation', { name: ar.footer.quickLinks });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#features', '#system', '#pricing']);
    expect(within(footer).getByRole('link', { name: CONFIGURED.email })).toHaveAttribute(
      'href',
      `mailto:${CONFIGURED.email}`,
    );
    // The public pages that exist (docs/decisions/044), and the contact form's section.
    expect(within(footer).getByRole('link', { name: ar.footer.privacy })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: ar.footer.terms })).toHaveAttribute(
      'href',
      '/terms',
    );
    for (const anchor of footer.querySelectorAll('a')) {
      expect(anchor.getAttribute('href'), anchor.outerHTML).toMatch(
        /^(#[a-z]+|mailto:|tel:|https:|\/privacy$|\/terms$)/,
      );
    }
  });

  test('a logo that fails to load gives way to a badge with its initial', () => {
    renderLanding();
    const logo = screen.getByRole('img', { name: ar.hero.partners.salla.name });
    expect(logo.tagName).toBe('IMG');
    expect(logo).toHaveAttribute('width', '56');
    fireEvent.error(logo);
    const badge = screen.getByRole('img', { name: ar.hero.partners.salla.name });
    expect(badge.tagName).toBe('SPAN');
    expect(badge).toHaveAttribute('data-fallback', 'true');
    expect(badge).toHaveTextContent(ar.hero.partners.salla.initial);
  });

  test('the title and description follow the language', async () => {
    const { user } = renderLanding();
    expect(document.title).toBe(ar.meta.title);
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(document.title).toBe(en.meta.title);
  });
});

describe('language switch', () => {
  test('switching to English changes the text and direction, and is saved', async () => {
    const { user } = renderLanding();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: en.hero.title }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
  });

  test('an address that names the language is updated so a reload keeps the choice', async () => {
    window.history.replaceState(null, '', '/?lang=ar#pricing');
    const { user } = renderLanding();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/?lang=en#pricing',
    );
    window.history.replaceState(null, '', '/');
  });
});

describe('mobile menu', () => {
  test('opens as a modal dialog, locks the page and moves focus into it', async () => {
    const { user } = renderLanding();
    expect(openMenuButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(openMenuButton());
    const dialog = screen.getByRole('dialog', { name: ar.header.menuTitle });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(openMenuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog).getByRole('button', { name: ar.header.closeMenu })).toHaveFocus();
    expect(document.querySelector('main')).toHaveAttribute('inert');
  });

  test('Tab and Shift+Tab stay inside the open menu', async () => {
    const { user } = renderLanding();
    await user.click(openMenuButton());
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: ar.header.closeMenu });
    const join = within(dialog).getByRole('link', { name: new RegExp(ar.header.join) });
    await user.tab({ shift: true });
    expect(join).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  test.each([
    [
      'the close button',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.click(within(dialog).getByRole('button', { name: ar.header.closeMenu })),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the backdrop',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByTestId('drawer-backdrop')),
    ],
    [
      'Login',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
        const login = within(dialog).getByRole('link', { name: ar.header.login });
        login.addEventListener('click', (event) => event.preventDefault());
        await user.click(login);
      },
    ],
    [
      'Join us',
      async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
        const join = within(dialog).getByRole('link', { name: new RegExp(ar.header.join) });
        join.addEventListener('click', (event) => event.preventDefault());
        await user.click(join);
      },
    ],
  ])('closes on %s, unlocks the page and gives focus back to the menu button', async (_, close) => {
    const { user } = renderLanding();
    await user.click(openMenuButton());
    await close(user, screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(openMenuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.querySelector('main')).not.toHaveAttribute('inert');
    expect(openMenuButton()).toHaveFocus();
  });
});

describe('newsletter', () => {
  beforeEach(() => {
    vi.mocked(openMailDraft).mockClear();
  });

  test('subscribing drafts an e-mail to support and says what happened', async () => {
    const { user } = renderLanding('en');
    await user.type(screen.getByLabelText(en.footer.newsletter.label), 'owner@rose.example');
    await user.click(screen.getByRole('button', { name: en.footer.newsletter.submit }));
    expect(openMailDraft).toHaveBeenCalledTimes(1);
    const href = vi.mocked(openMailDraft).mock.calls[0]![0];
    expect(href.startsWith(`mailto:${CONFIGURED.email}?`)).toBe(true);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(query.get('subject')).toBe(en.footer.newsletter.mailSubject);
    expect(query.get('body')).toBe('Please add owner@rose.example to the Nuqat newsletter.');
    expect(screen.getByRole('status')).toHaveTextContent('owner@rose.example');
    expect(
      within(screen.getByRole('status')).getByRole('link', { name: CONFIGURED.email }),
    ).toHaveAttribute('href', `mailto:${CONFIGURED.email}`);
  });

  test('the e-mail field is an e-mail input with a placeholder, required before drafting', async () => {
    const { user } = renderLanding('en');
    const input = screen.getByLabelText(en.footer.newsletter.label);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('placeholder', en.footer.newsletter.placeholder);
    expect(input).toBeRequired();
    await user.click(screen.getByRole('button', { name: en.footer.newsletter.submit }));
    expect(openMailDraft).not.toHaveBeenCalled();
  });
});
