import { errorText } from './error-text';
import { request } from './http';
import type { Translator } from './i18n';
import type { LoyaltyState } from './controller-state';

/**
 * Claims a way to earn (docs/decisions/052) for the controller: a refusal becomes the page's
 * problem notice; after a claim the data is refreshed.
 */
export const claimWay = (
  action: string,
  c: {
    merchantId: string | null;
    session: { customerId: string; token: string } | null;
    language: Translator['language'];
    t: Translator['t'];
    set: (patch: Partial<LoyaltyState>) => void;
    load: (background: boolean) => Promise<void>;
  },
): Promise<void> =>
  request(`/api/customers/loyalty/${c.merchantId}/${c.session?.customerId}/earn`, {
    method: 'POST',
    body: { action },
    token: c.session?.token,
    language: c.language,
  })
    .then(() => c.load(true))
    .catch((error: unknown) => c.set({ problem: errorText(error, c.t, 'errors.refreshFailed') }));
