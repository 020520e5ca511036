import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMerchantById } from '../merchants/index.ts';
import { findTierSettings, findTiers } from '../tiers/index.ts';
import { tierBrief, tiersLive } from '../tiers/index.ts';
import { findCustomer, type CustomerRow } from './customers.repository.ts';
import type { TierBriefs } from './customers-views.ts';

export const customerIdOf = (id: string): number | null => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** What the parts of the customers service look up first: the store, its live tiers, a customer. */
export function createCustomerLookups(ctx: AppContext) {
  const { db } = ctx;

  async function storeOf(merchantId: number) {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  }

  async function tierBriefs(merchantId: number): Promise<TierBriefs> {
    const [merchant, settings] = await Promise.all([
      findMerchantById(db, merchantId),
      findTierSettings(db, merchantId),
    ]);
    if (!merchant || !tiersLive(merchant, settings)) return new Map();
    return new Map((await findTiers(db, merchantId)).map((t) => [t.id, tierBrief(t)]));
  }

  async function customerOf(merchantId: number, id: string): Promise<CustomerRow> {
    const customerId = customerIdOf(id);
    const customer =
      customerId === null ? undefined : await findCustomer(db, merchantId, customerId);
    if (!customer) throw new AppError('NOT_FOUND');
    return customer;
  }

  return { storeOf, tierBriefs, customerOf };
}
