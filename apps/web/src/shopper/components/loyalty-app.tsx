import { startTransition, useEffect, useMemo, useState } from 'react';
import { createLoyaltyController } from '../lib/controller';
import type { LoyaltyController, LoyaltyState } from '../lib/controller-state';
import { I18nContext, useI18n, type Translator } from '../lib/i18n';
import type { PageConfig } from '../lib/page-config';
import { LoyaltyScreen } from './loyalty-screen';
import { PageHeader } from './page-header';
import { StoreBrand } from './store-brand';
import { ProgrammeView } from './programme-view';
import { ReferralGift } from './referral-gift';
import { SignIn } from './sign-in';
import { ErrorView, LoadingView } from './state-views';
import { StoreSignIn } from './store-sign-in';

export interface LoyaltyAppProps {
  config: PageConfig;
  i18n: Translator;
}

/**
 * The controller's state, each change rendered as a transition: the loaded page is the biggest
 * render, and sliced it does not block a slow phone's main thread (useSyncExternalStore would
 * render it in one piece). Subscribed before start() runs, so no change is missed.
 */
function useControllerState(controller: LoyaltyController): LoyaltyState {
  const [state, setState] = useState(controller.getState);
  // One controller per page (main.tsx passes the same config and translator for its lifetime).
  useEffect(
    () => controller.subscribe(() => startTransition(() => setState(controller.getState()))),
    [controller],
  );
  return state;
}

/** The whole loyalty page: header, then the screen the controller is on. */
export function LoyaltyApp({ config, i18n }: LoyaltyAppProps) {
  const controller = useMemo(() => createLoyaltyController(config, i18n), [config, i18n]);
  const state = useControllerState(controller);
  useEffect(() => controller.start(), [controller]);
  const { screen } = state;

  let body;
  switch (screen.name) {
    case 'no-store':
      body = <ErrorView message={i18n.t('errors.noStore')} />;
      break;
    case 'waiting':
    case 'loading':
      body = <LoadingView />;
      break;
    case 'error':
      body = <ErrorView message={screen.message} onRetry={controller.retry} />;
      break;
    case 'sign-in':
      body = (
        <SignInScreen
          // A new e-mail from the store, or a sign-in to finish, starts the form again.
          key={`${screen.email}|${screen.mobile}|${screen.guest}|${screen.autoSend}`}
          screen={screen}
          state={state}
          controller={controller}
          merchantId={config.merchantId ?? ''}
        />
      );
      break;
    case 'loaded':
      body = <LoyaltyScreen data={screen.data} state={state} controller={controller} />;
      break;
  }

  const brand = screen.name === 'loaded' ? screen.data.store : state.programme?.store;
  return (
    <I18nContext.Provider value={i18n}>
      <div className="flex min-h-dvh flex-col">
        {config.parent ? (
          // In the store's panel the snippet's bar carries the title and the close button.
          <h1 className="sr-only">{i18n.t('page.title')}</h1>
        ) : (
          <PageHeader storeName={screen.name === 'loaded' ? screen.data.store.name : null} />
        )}
        <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-10">
          {brand ? <StoreBrand name={brand.name} logo={brand.logo} /> : null}
          {body}
        </main>
        <footer className="pb-6 text-center text-xs">
          <a
            href="/privacy"
            target="_blank"
            rel="noopener"
            className="text-slate-500 underline underline-offset-4 dark:text-slate-400"
          >
            {i18n.t('footer.privacy')}
          </a>
        </footer>
      </div>
    </I18nContext.Provider>
  );
}

interface SignInScreenProps {
  screen: Extract<LoyaltyState['screen'], { name: 'sign-in' }>;
  state: LoyaltyState;
  controller: LoyaltyController;
  merchantId: string;
}

/**
 * Whoever is not signed in (issue 23): the way in — the store's own sign-in for a visitor, the
 * code for a shopper the store knows — and below it the programme they are signing in to.
 */
function SignInScreen({ screen, state, controller, merchantId }: SignInScreenProps) {
  const { t } = useI18n();
  const [useCode, setUseCode] = useState(false);
  return (
    <div className="space-y-5">
      {/* Only to a guest: a signed-in shopper has their own invitation instead. */}
      {state.referralCode && merchantId ? (
        <ReferralGift
          key={state.referralCode}
          merchantId={merchantId}
          code={state.referralCode}
          email={screen.email}
        />
      ) : null}
      {screen.guest && state.store.login && !useCode ? (
        <StoreSignIn onSignIn={controller.openStoreLogin} onUseCode={() => setUseCode(true)} />
      ) : (
        <SignIn
          merchantId={merchantId}
          email={screen.email}
          mobile={screen.mobile}
          notice={screen.notice}
          autoSend={screen.autoSend}
          intro={screen.guest ? undefined : t('welcome.storeSignedIn')}
          introMobile={screen.guest ? undefined : t('welcome.storeSignedInMobile')}
          onSignedIn={controller.signedIn}
        />
      )}
      {state.programme ? <ProgrammeView programme={state.programme} /> : null}
    </div>
  );
}
